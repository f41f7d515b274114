import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { NoticeStatus } from '@edoc/contract/enums';
import type { NoticeItem } from '@edoc/contract/notice';
import { getSessionValue } from '../../../lib/session';
import { useNotices, useSaveNotice, useUndoNotice } from '../api';
import { NoticeFormModal } from '../components/notice-form-modal';

const STATUS_TAGS: Record<number, { color: string; key: string }> = {
  [NoticeStatus.Draft]: { color: 'default', key: 'notice.statusDraft' },
  [NoticeStatus.Released]: { color: 'green', key: 'notice.statusReleased' },
  [NoticeStatus.Undone]: { color: 'orange', key: 'notice.statusUndone' },
};

function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

/** SPEC §2 system notices: the announcement shown on the login page, kept as a history with release/undo. */
export function NoticePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: getSessionValue('pageSize') });
  const [editing, setEditing] = useState<{ open: boolean; notice?: NoticeItem }>({ open: false });

  const list = useNotices(page.pageNum, page.pageSize);
  const save = useSaveNotice();
  const undo = useUndoNotice();
  const release = (notice: NoticeItem) =>
    save.mutateAsync(
      {
        id: notice.id,
        subject: notice.subject,
        contents: notice.contents,
        effectiveTime: notice.effectiveTime,
        release: true,
      },
      { onSuccess: () => void message.success(t('notice.released')) },
    );

  const columns: TableProps<NoticeItem>['columns'] = [
    { title: t('notice.subject'), dataIndex: 'subject', ellipsis: true },
    { title: t('notice.effectiveTime'), dataIndex: 'effectiveTime', width: 170, render: formatTime },
    {
      title: t('notice.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number) => {
        const tag = STATUS_TAGS[status];
        return tag ? <Tag color={tag.color}>{t(tag.key)}</Tag> : status;
      },
    },
    { title: t('notice.updatedBy'), dataIndex: 'updatedBy', width: 140, ellipsis: true },
    { title: t('notice.updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatTime },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 180,
      render: (_: unknown, notice) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setEditing({ open: true, notice })}>
            {t('common.edit')}
          </Button>
          {notice.status === NoticeStatus.Released ? (
            <Popconfirm
              title={t('notice.undoConfirm')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                undo
                  .mutateAsync(notice, { onSuccess: () => void message.success(t('notice.undone')) })
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                {t('notice.undo')}
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm
              title={t('notice.releaseConfirm')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => release(notice).catch(() => undefined)}
            >
              <Button type="link" size="small">
                {t('notice.release')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.system.notice')}
      variant="borderless"
      extra={
        <Button id="notice-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('notice.create')}
        </Button>
      }
    >
      <Table<NoticeItem>
        id="notice-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.data ?? []}
        expandable={{
          // Contents come back sanitised by the server, the same HTML the login page shows.
          expandedRowRender: (notice) => (
            <div className="notice-html" dangerouslySetInnerHTML={{ __html: notice.contents }} />
          ),
        }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <NoticeFormModal open={editing.open} notice={editing.notice} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
