import { useState } from 'react';
import { DeleteOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Input, Row, Space, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateFolderInput } from '@edoc/contract/template';

type Path = number[];
const keyOf = (path: Path) => path.join('-');
const pathOf = (key: string): Path => (key === '' ? [] : key.split('-').map(Number));

function toTree(list: TemplateFolderInput[], prefix: Path = []): TreeDataNode[] {
  return list.map((f, i) => {
    const path = [...prefix, i];
    return {
      key: keyOf(path),
      title: f.ichCode ? `${f.ichCode} ${f.name}` : f.name || '—',
      children: toTree(f.children ?? [], path),
    };
  });
}

/** A copy of the tree with the list at `path`'s parent changed by `change`. */
function edit(
  list: TemplateFolderInput[],
  path: Path,
  change: (siblings: TemplateFolderInput[], index: number) => void,
) {
  const copy = structuredClone(list);
  let siblings = copy;
  for (const i of path.slice(0, -1)) siblings = siblings[i].children ??= [];
  change(siblings, path[path.length - 1]);
  return copy;
}

function nodeAt(list: TemplateFolderInput[], path: Path): TemplateFolderInput | undefined {
  let node: TemplateFolderInput | undefined;
  let siblings = list;
  for (const i of path) {
    node = siblings[i];
    siblings = node?.children ?? [];
  }
  return node;
}

interface FolderTreeEditorProps {
  value: TemplateFolderInput[];
  onChange: (next: TemplateFolderInput[]) => void;
  readOnly?: boolean;
}

/** The folders of a directory template: a tree to pick a folder, and its name, English name and ICH code beside it. */
export function FolderTreeEditor({ value, onChange, readOnly }: FolderTreeEditorProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string>('');
  const path = pathOf(selected);
  const node = selected ? nodeAt(value, path) : undefined;

  const add = (parent: Path | null) => {
    const blank = { name: t('template.newFolder'), children: [] };
    if (parent === null) {
      onChange([...value, blank]);
      setSelected(keyOf([value.length]));
      return;
    }
    const next = structuredClone(value);
    const target = nodeAt(next, parent)!;
    target.children = [...(target.children ?? []), blank];
    onChange(next);
    setSelected(keyOf([...parent, target.children.length - 1]));
  };

  const remove = () => {
    onChange(edit(value, path, (siblings, i) => siblings.splice(i, 1)));
    setSelected('');
  };

  const set = (field: 'name' | 'nameEn' | 'ichCode', text: string) =>
    onChange(edit(value, path, (siblings, i) => (siblings[i] = { ...siblings[i], [field]: text })));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Card
          size="small"
          title={t('template.folders')}
          extra={
            !readOnly && (
              <Space size={4}>
                <Button id="template-folder-add-root" size="small" icon={<PlusOutlined />} onClick={() => add(null)}>
                  {t('template.addRoot')}
                </Button>
                <Button
                  id="template-folder-add-child"
                  size="small"
                  icon={<FolderAddOutlined />}
                  disabled={!node}
                  onClick={() => add(path)}
                >
                  {t('template.addChild')}
                </Button>
              </Space>
            )
          }
        >
          {value.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.noFolders')} />
          ) : (
            <Tree
              rootClassName="template-folder-tree"
              blockNode
              defaultExpandAll
              treeData={toTree(value)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : '')}
              style={{ maxHeight: 320, overflow: 'auto' }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        {node ? (
          <Flex vertical gap={8}>
            <label>
              {t('template.folderName')}
              <Input
                id="template-folder-name"
                value={node.name}
                disabled={readOnly}
                maxLength={128}
                onChange={(e) => set('name', e.target.value)}
              />
            </label>
            <label>
              {t('template.folderNameEn')}
              <Input
                id="template-folder-name-en"
                value={node.nameEn ?? ''}
                disabled={readOnly}
                maxLength={128}
                onChange={(e) => set('nameEn', e.target.value)}
              />
            </label>
            <label>
              {t('template.ichCode')}
              <Input
                id="template-folder-ich"
                value={node.ichCode ?? ''}
                disabled={readOnly}
                maxLength={32}
                onChange={(e) => set('ichCode', e.target.value)}
              />
            </label>
            {!readOnly && (
              <Button id="template-folder-delete" danger icon={<DeleteOutlined />} onClick={remove}>
                {t('template.deleteFolder')}
              </Button>
            )}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.pickFolder')} />
        )}
      </Col>
    </Row>
  );
}

/** Every folder path of the tree, for binding pickers: value "A\u0000B", label "A > B". */
export function folderPathOptions(
  list: TemplateFolderInput[],
  prefix: string[] = [],
): Array<{ value: string; label: string }> {
  return list.flatMap((f) => {
    const path = [...prefix, f.name];
    return [{ value: path.join('\u0000'), label: path.join(' > ') }, ...folderPathOptions(f.children ?? [], path)];
  });
}
