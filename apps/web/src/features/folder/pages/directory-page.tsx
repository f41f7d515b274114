import { useMemo, useState } from 'react';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Segmented,
  Space,
  Tabs,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { folderNameIn, type FolderNode } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { useSession } from '../../../lib/session';
import { useDeleteFolder, useFolderTree, useMoveFolder } from '../api';
import { FolderFormModal, type FolderFormTarget } from '../components/folder-form-modal';
import { FolderGrantsPanel } from '../components/folder-grants-panel';
import { FolderMoveModal } from '../components/folder-move-modal';
import { UserRightsPanel } from '../components/user-rights-panel';

const flatten = (nodes: FolderNode[]): FolderNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

export function folderTitle(f: FolderNode, lang: string): string {
  const name = folderNameIn(lang, f.folderName, f.folderNameEn);
  return f.ichCode ? `${f.ichCode} ${name}` : name;
}

function toTreeData(nodes: FolderNode[], lang: string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.folderId,
    title: <span id={`folder-node-${n.folderId}`}>{folderTitle(n, lang)}</span>,
    disabled: !n.isEnabled && n.manageFolder < 1,
    children: toTreeData(n.children, lang),
  }));
}

function FolderTrees() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [type, setType] = useState<number>(FolderType.Work);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<FolderFormTarget | null>(null);
  const [moving, setMoving] = useState<FolderNode | null>(null);
  const tree = useFolderTree();

  const roots = useMemo(() => (tree.data?.allFolderList ?? []).filter((n) => n.type === type), [tree.data, type]);
  const all = useMemo(() => flatten(roots), [roots]);
  const selected = all.find((n) => n.folderId === selectedId) ?? null;
  const siblings = selected
    ? selected.parentId
      ? all.find((n) => n.folderId === selected.parentId)!.children
      : roots
    : [];
  const position = selected ? siblings.findIndex((n) => n.folderId === selected.folderId) : -1;
  const admin = tree.data?.manage ?? false;
  const libraryFolder = tree.data?.libraryFolder ?? session.libraryFolder;

  const move = useMoveFolder();
  const reorder = (index: number) =>
    move.mutate({ folderId: selected!.folderId, body: { parentId: selected!.parentId, index } });
  const deleteFolder = useDeleteFolder();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const remove = (f: FolderNode) =>
    deleteFolder
      .mutateAsync(f.folderId)
      .then(() => {
        void message.success(t('folder.deleted', { name: f.folderName }));
        setSelectedId(null);
      })
      .catch(() => undefined);

  const level = selected?.manageFolder ?? 0;
  return (
    <Row gutter={24}>
      <Col xs={24} lg={10}>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap justify="space-between">
            {libraryFolder ? (
              <Segmented<number>
                id="folder-type"
                value={type}
                onChange={(v) => {
                  setType(v);
                  setSelectedId(null);
                }}
                options={[
                  { value: FolderType.Work, label: t('folder.work') },
                  { value: FolderType.Library, label: t('folder.library') },
                ]}
              />
            ) : (
              <span />
            )}
            {admin ? (
              <Button
                id="folder-create-root"
                icon={<FolderAddOutlined />}
                onClick={() => setForm({ mode: 'create', parent: null, type })}
              >
                {t('folder.createRoot')}
              </Button>
            ) : null}
          </Flex>
          {roots.length ? (
            <div id="folder-tree">
              <Tree
                showLine
                blockNode
                defaultExpandedKeys={roots.map((n) => n.folderId)}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
                treeData={toTreeData(roots, i18n.language)}
              />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.isFetching ? '' : t('folder.emptyTree')} />
          )}
        </Flex>
      </Col>
      <Col xs={24} lg={14}>
        {selected ? (
          <Flex vertical gap={16}>
            <Descriptions size="small" column={1} title={folderTitle(selected, i18n.language)}>
              <Descriptions.Item label={t('folder.name')}>{selected.folderName}</Descriptions.Item>
              <Descriptions.Item label={t('folder.nameEn')}>{selected.folderNameEn ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('folder.ichCode')}>{selected.ichCode ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('folder.fileCount')}>{selected.fileCount}</Descriptions.Item>
              <Descriptions.Item label={t('folder.manageLevel')}>{t(`folder.level.${level}`)}</Descriptions.Item>
            </Descriptions>
            <Space wrap>
              <Button
                id="folder-create"
                icon={<FolderAddOutlined />}
                disabled={level < 3}
                onClick={() => setForm({ mode: 'create', parent: selected, type })}
              >
                {t('folder.createSub')}
              </Button>
              <Button
                id="folder-rename"
                icon={<EditOutlined />}
                disabled={level < 2}
                onClick={() => setForm({ mode: 'rename', folder: selected })}
              >
                {t('folder.rename')}
              </Button>
              <Button
                id="folder-move-up"
                icon={<ArrowUpOutlined />}
                disabled={level < 2 || position <= 0}
                loading={move.isPending}
                onClick={() => reorder(position - 1)}
                aria-label={t('folder.moveUp')}
              />
              <Button
                id="folder-move-down"
                icon={<ArrowDownOutlined />}
                disabled={level < 2 || position >= siblings.length - 1}
                loading={move.isPending}
                onClick={() => reorder(position + 1)}
                aria-label={t('folder.moveDown')}
              />
              <Button id="folder-move" icon={<DragOutlined />} disabled={level < 2} onClick={() => setMoving(selected)}>
                {t('folder.moveTo')}
              </Button>
              <Popconfirm
                title={t('folder.deleteConfirm', { name: selected.folderName })}
                description={t('folder.deleteConfirmText')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ id: 'folder-delete-confirm' }}
                onConfirm={() => remove(selected)}
              >
                <Button id="folder-delete" icon={<DeleteOutlined />} danger disabled={level < 2}>
                  {t('folder.delete')}
                </Button>
              </Popconfirm>
            </Space>
            {admin ? (
              <Card size="small" title={t('folder.grantsTitle')}>
                <FolderGrantsPanel key={selected.folderId} folder={selected} />
              </Card>
            ) : null}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('folder.pickFolder')} />
        )}
      </Col>
      <FolderFormModal target={form} onClose={() => setForm(null)} />
      <FolderMoveModal folder={moving} tree={roots} onClose={() => setMoving(null)} />
    </Row>
  );
}

/** SPEC §2 /manage/directory (Folder Management): the work and library trees, their grants, rights by user. */
export function DirectoryPage() {
  const { t } = useTranslation();
  const admin = useSession().fullAccess;
  return (
    <Card variant="borderless" title={t('folder.title')}>
      <Tabs
        id="folder-tabs"
        items={[
          { key: 'tree', label: t('folder.treeTab'), children: <FolderTrees /> },
          ...(admin ? [{ key: 'rights', label: t('folder.rightsTab'), children: <UserRightsPanel /> }] : []),
        ]}
      />
    </Card>
  );
}
