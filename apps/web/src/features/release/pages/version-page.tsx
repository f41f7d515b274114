import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseItem } from '@edoc/contract/release';
import { useListState } from '../../../lib/use-list-state';
import { useDeleteRelease, useReleases } from '../api';
import { ReleaseFormModal } from '../components/release-form-modal';

/** SPEC §2 /system/version: the releases of edoc with their notes, which users are shown once as "what's new". */
export function VersionPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; release?: ReleaseItem }>({ open: false });

  const releases = useReleases(list.pageNum, list.pageSize);
  const remove = useDeleteRelease();
  const removeRelease = (release: ReleaseItem) =>
    remove.mutateAsync(release, {
      onSuccess: () => {
        void message.success(t('release.deleted'));
        list.stepBackIfEmpty(releases.data?.data.length ?? 0);
      },
    });

  const notesOf = (r: ReleaseItem) => (i18n.language === 'en-US' ? r.notesEn : r.notesZh);
  const columns: TableProps<ReleaseItem>['columns'] = [
    { title: t('release.version'), dataIndex: 'version', width: 140 },
    { title: t('release.releasedOn'), dataIndex: 'releasedOn', width: 140 },
    {
      title: t('release.notes'),
      key: 'notes',
      ellipsis: true,
      // The server keeps only harmless markup; the text of it is enough in a table cell.
      render: (_: unknown, r) => new DOMParser().parseFromString(notesOf(r), 'text/html').body.textContent,
    },
    { title: t('release.createdBy'), dataIndex: 'createdBy', width: 160, ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, release) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setEditing({ open: true, release })}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('release.deleteConfirm', { version: release.version })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => removeRelease(release).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              {t('release.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.system.version')}
      variant="borderless"
      extra={
        <Button id="release-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('release.create')}
        </Button>
      }
    >
      <Table<ReleaseItem>
        id="release-table"
        rowKey="id"
        size="middle"
        loading={releases.isFetching}
        columns={columns}
        dataSource={releases.data?.data ?? []}
        locale={{ emptyText: t('release.empty') }}
        expandable={{
          expandedRowRender: (r) => <div className="release-notes" dangerouslySetInnerHTML={{ __html: notesOf(r) }} />,
        }}
        pagination={list.pagination(releases.data?.total)}
      />
      <ReleaseFormModal open={editing.open} release={editing.release} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
