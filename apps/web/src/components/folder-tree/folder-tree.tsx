import { memo, useEffect, useMemo, useState, type Key } from 'react';
import { FolderOpenOutlined, MenuFoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { useFolderPanel } from './folder-split';
import { FolderTitle } from './folder-title';
import { filterTree, folderPath } from './folder-tree-model';
import './folder-tree.css';

function toTreeData(nodes: FolderNode[], lang: string, prefix: string, query: string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.folderId,
    disabled: !n.isEnabled,
    title: <FolderTitle node={n} lang={lang} prefix={prefix} query={query} />,
    children: toTreeData(n.children, lang, prefix, query),
  }));
}

/**
 * The folders beside a document list (workspace, library): "All files" above, a filter box, the tree opened to its
 * first level. What the user opens stays open while on the page; the chosen folder's ancestors open by themselves
 * when it is chosen elsewhere (breadcrumb). Ids start with `prefix` (`document`, `library`). Memoised: the page
 * around it renders at every change of its address (the open document, the page), the tree only when its own
 * props do (issue 30 part 4), so `onChoose` should keep its identity.
 */
export const FolderTree = memo(function FolderTree(props: {
  prefix: string;
  title: string;
  allLabel: string;
  emptyText: string;
  roots: FolderNode[];
  loading: boolean;
  folderId: number | null;
  onChoose: (folderId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { prefix, roots, folderId, onChoose } = props;
  const panel = useFolderPanel();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  // While filtering, the folders opened for the matches, then as the user opens or closes them (for this query).
  const [filterExpanded, setFilterExpanded] = useState<{ query: string; keys: Key[] } | null>(null);

  // The chosen folder's ancestors are opened once per choice (not again when the user closes them), and only
  // once the tree has arrived (a folder chosen before it is fetched is revealed then).
  const [revealed, setRevealed] = useState<number | null>(null);
  const path = useMemo(() => folderPath(roots, folderId), [roots, folderId]);
  if (folderId !== revealed && (folderId === null || path.length)) {
    setRevealed(folderId);
    const up = path.slice(0, -1).map((n) => n.folderId);
    if (up.some((k) => !expanded.includes(k))) setExpanded([...new Set([...expanded, ...up])]);
  }

  // A folder chosen elsewhere may be below the tree's scrolled part: brought into view (the tree scrolls on its own).
  useEffect(() => {
    if (revealed !== null)
      document.getElementById(`${prefix}-folder-${revealed}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [prefix, revealed]);

  const filtering = query.trim() !== '';
  const filtered = useMemo(() => (filtering ? filterTree(roots, query) : null), [filtering, roots, query]);
  const shown = filtered?.roots ?? roots;
  const treeData = useMemo(
    () => toTreeData(shown, i18n.language, prefix, query),
    [shown, i18n.language, prefix, query],
  );
  const expandedKeys = filtered ? (filterExpanded?.query === query ? filterExpanded.keys : filtered.expand) : expanded;

  return (
    <Card
      size="small"
      title={props.title}
      extra={
        panel.hide && (
          <Tooltip title={t('folderTree.hide')}>
            <Button
              id={`${prefix}-tree-hide`}
              type="text"
              size="small"
              icon={<MenuFoldOutlined />}
              aria-label={t('folderTree.hide')}
              onClick={panel.hide}
            />
          </Tooltip>
        )
      }
    >
      <Button
        id={`${prefix}-all-files`}
        type={folderId === null ? 'primary' : 'text'}
        ghost={folderId === null}
        icon={<FolderOpenOutlined />}
        block
        style={{ justifyContent: 'flex-start', marginBottom: 8 }}
        onClick={() => onChoose(null)}
      >
        {props.allLabel}
      </Button>
      <Input
        id={`${prefix}-folder-filter`}
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('folderTree.filter')}
        aria-label={t('folderTree.filter')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
        style={{ marginBottom: 8 }}
      />
      {treeData.length ? (
        <div className="folder-tree-scroll">
          <Tree
            className="folder-tree"
            // No virtual list: the tree has no fixed height (its box scrolls), so nothing was left out of the DOM,
            // yet the list measured every row's height on each render, a forced layout (issue 30 part 4).
            virtual={false}
            showLine
            blockNode
            expandedKeys={expandedKeys}
            onExpand={(keys) => (filtering ? setFilterExpanded({ query, keys }) : setExpanded(keys))}
            selectedKeys={folderId ? [folderId] : []}
            onSelect={(keys) => onChoose(keys.length ? Number(keys[0]) : null)}
            treeData={treeData}
          />
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtering ? t('folderTree.noMatch') : props.loading ? '' : props.emptyText}
        />
      )}
    </Card>
  );
});
