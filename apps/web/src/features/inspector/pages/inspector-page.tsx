import { useState } from 'react';
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectorItem } from '@edoc/contract/inspector';
import { compareText, formatDateTime } from '../../../lib/format';
import { useInspectors, useRevokeInspector } from '../api';
import { InspectorInviteModal } from '../components/inspector-invite-modal';
import { InspectorStateTag } from '../components/inspector-state-tag';

/** Only an access that has not ended can be changed or revoked. */
const isOpen = (item: InspectorItem) => item.state === 'active' || item.state === 'scheduled';

/**
 * /manage/inspector (issue 11): inspectors and auditors the project administrator invites for a period. They are no
 * members: they read the archived documents of the file library until the last day, and nothing else.
 */
export function InspectorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; inspector?: InspectorItem }>({ open: false });
  const inspectors = useInspectors();
  const revoke = useRevokeInspector();

  const columns: TableProps<InspectorItem>['columns'] = [
    { title: t('fields.userName'), dataIndex: 'userName', sorter: (a, b) => compareText(a.userName, b.userName) },
    { title: t('fields.email'), dataIndex: 'email' },
    {
      title: t('inspector.period'),
      key: 'period',
      render: (_: unknown, item) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t('inspector.periodValue', { startsOn: item.startsOn, endsOn: item.endsOn })}
        </span>
      ),
    },
    {
      title: t('inspector.stateTitle'),
      dataIndex: 'state',
      render: (_: unknown, item) => <InspectorStateTag id={`inspector-state-${item.id}`} state={item.state} />,
    },
    {
      title: t('inspector.canDownload'),
      dataIndex: 'canDownload',
      render: (canDownload: boolean) => (canDownload ? t('inspector.yes') : t('inspector.no')),
    },
    { title: t('inspector.invitedBy'), dataIndex: 'invitedBy' },
    { title: t('inspector.invitedAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];
  const actions: TableProps<InspectorItem>['columns'] = [
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, item) =>
        isOpen(item) ? (
          <Space size="small">
            <Button
              id={`inspector-change-${item.id}`}
              type="link"
              size="small"
              onClick={() => setEditing({ open: true, inspector: item })}
            >
              {t('inspector.change')}
            </Button>
            <Popconfirm
              title={t('inspector.revokeConfirm', { name: item.userName })}
              description={t('inspector.revokeConfirmText')}
              okText={t('inspector.revoke')}
              okButtonProps={{ danger: true, id: `inspector-revoke-ok-${item.id}` }}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                revoke
                  .mutateAsync(item.id, {
                    onSuccess: () => void message.success(t('inspector.revoked', { name: item.userName })),
                  })
                  .catch(() => undefined)
              }
            >
              <Button id={`inspector-revoke-${item.id}`} type="link" size="small" danger>
                {t('inspector.revoke')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card
      title={t('menu.project.manageInspector')}
      variant="borderless"
      extra={
        // Also in a closed project: inspecting a closed trial is what an inspector usually comes for.
        <Button
          id="inspector-invite"
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setEditing({ open: true })}
        >
          {t('inspector.invite')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('inspector.intro')}</Typography.Paragraph>
      <Table<InspectorItem>
        id="inspector-table"
        rowKey="id"
        size="middle"
        loading={inspectors.isFetching}
        dataSource={inspectors.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[...columns, ...actions]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspector.empty')} /> }}
      />
      <InspectorInviteModal
        open={editing.open}
        inspector={editing.inspector}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
