import { useMemo } from 'react';
import { FolderOpenOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { folderLabel } from '../../document/folders';

function toTreeData(nodes: FolderNode[], lang: string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.folderId,
    // A folder without library viewDoc is shown greyed and not selectable, with a count of 0 (SPEC §6).
    disabled: !n.isEnabled,
    title: (
      <span id={`library-folder-${n.folderId}`} style={{ wordBreak: 'break-word' }}>
        {folderLabel(n, lang)} <Typography.Text type="secondary">({n.isEnabled ? n.fileCount : 0})</Typography.Text>
      </span>
    ),
    children: toTreeData(n.children, lang),
  }));
}

/** The library folders, with "All documents" above them. */
export function LibraryTreeCard(props: {
  roots: FolderNode[];
  loading: boolean;
  folderId: number | null;
  onChoose: (folderId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { roots, folderId, onChoose } = props;
  const treeData = useMemo(() => toTreeData(roots, i18n.language), [roots, i18n.language]);
  return (
    <Card size="small" title={t('library.folders')}>
      <Button
        id="library-all-files"
        type={folderId === null ? 'primary' : 'text'}
        ghost={folderId === null}
        icon={<FolderOpenOutlined />}
        block
        style={{ justifyContent: 'flex-start', marginBottom: 8 }}
        onClick={() => onChoose(null)}
      >
        {t('library.allFiles')}
      </Button>
      {roots.length ? (
        <Tree
          showLine
          blockNode
          defaultExpandAll
          selectedKeys={folderId ? [folderId] : []}
          onSelect={(keys) => onChoose(keys.length ? Number(keys[0]) : null)}
          treeData={treeData}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.loading ? '' : t('library.emptyTree')} />
      )}
    </Card>
  );
}
