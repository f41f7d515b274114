import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SsoProviderItem } from '@edoc/contract/sso';
import { formatDateTime } from '../../../lib/format';
import { useDeleteSsoProvider, useSsoProviders } from '../api';
import { ProviderDialog } from '../components/provider-dialog';

/**
 * /system/sso (issue 29 part 1): each company's OpenID provider — issuer, client, the claims read, the e-mail
 * domains that lead to it, just-in-time accounts — set up and tested (discovery on save) here, and deleted after a
 * confirmation (its people keep their accounts).
 */
export function SsoProvidersPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const [editing, setEditing] = useState<SsoProviderItem | null | undefined>(undefined);

  const confirmRemove = (p: SsoProviderItem) =>
    void modal.confirm({
      title: t('sso.deleteConfirm', { label: p.label, company: p.companyName }),
      content: t('sso.deleteConfirmText'),
      okText: t('sso.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `sso-delete-ok-${p.id}`, danger: true },
      onOk: () =>
        remove
          .mutateAsync(p.id)
          .then(() => void message.success(t('sso.deleted')))
          .catch(() => undefined),
    });

  const columns: TableProps<SsoProviderItem>['columns'] = [
    { title: t('sso.company'), dataIndex: 'companyName' },
    { title: t('sso.label'), dataIndex: 'label' },
    {
      title: t('sso.issuer'),
      dataIndex: 'issuer',
      render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>,
    },
    { title: t('sso.domains'), dataIndex: 'domains', render: (d: string[]) => d.join(', ') },
    {
      title: t('sso.state'),
      key: 'state',
      render: (_: unknown, p) => (
        <Space size={[0, 4]} wrap>
          <Tag color={p.enabled ? 'success' : 'default'}>{t(p.enabled ? 'sso.on' : 'sso.off')}</Tag>
          {p.jitAccounts && <Tag>{t('sso.jitTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('sso.discoveredAt'),
      dataIndex: 'discoveredAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, p) => (
        <Space size={4}>
          <Button
            size="small"
            id={`sso-edit-${p.id}`}
            // antd spaces a two-character Chinese label (编 辑), which then no longer reads as part of the button's name.
            autoInsertSpace={false}
            onClick={() => setEditing(p)}
            aria-label={t('sso.editOf', { company: p.companyName })}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            danger
            id={`sso-delete-${p.id}`}
            autoInsertSpace={false}
            onClick={() => confirmRemove(p)}
            aria-label={t('sso.deleteOf', { company: p.companyName })}
          >
            {t('sso.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('sso.providersTitle')}
      variant="borderless"
      extra={
        <Button id="sso-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('sso.create')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('sso.providersIntro')}
        </Typography.Paragraph>
        <Table<SsoProviderItem>
          id="sso-provider-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching && !list.data}
          columns={columns}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sso.emptyProviders')} /> }}
        />
      </Space>
      <ProviderDialog
        open={editing !== undefined}
        provider={editing ?? undefined}
        taken={(list.data ?? []).map((p) => p.companyId)}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
