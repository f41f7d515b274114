import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { serviceAccountCreateBody } from '@edoc/contract/api-token';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { useCreateServiceAccount, useDisableServiceAccount, useServiceAccounts } from '../api';
import { TokenList } from './token-list';

interface Account {
  id: number;
  name: string;
  email: string;
  enabled: boolean;
  createdAt: string;
}

/**
 * A company's service accounts (issue 29 part 4): accounts no person signs in as, which only their tokens act as
 * (a CTMS, an EDC, a warehouse). Listed with their tokens; made by name; disabled after confirming, which stops every
 * token of theirs at once. companyId null: the company administrator's own company; else the one the system
 * administrator chose.
 */
export function ServiceAccountsCard({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const accounts = useServiceAccounts(companyId);
  const disable = useDisableServiceAccount();
  const [creating, setCreating] = useState(false);

  const confirmDisable = (account: Account) =>
    void modal.confirm({
      title: t('serviceAccount.disableConfirm', { name: account.name }),
      content: t('serviceAccount.disableConfirmText'),
      okText: t('serviceAccount.disable'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `service-account-disable-ok-${account.id}`, danger: true },
      onOk: () =>
        disable
          .mutateAsync(account.id)
          .then(() => void message.success(t('serviceAccount.disabled')))
          .catch(() => undefined),
    });

  const columns: TableProps<Account>['columns'] = [
    { title: t('serviceAccount.name'), dataIndex: 'name' },
    { title: t('serviceAccount.created'), dataIndex: 'createdAt', width: 180, render: formatDateTime },
    {
      title: t('serviceAccount.state'),
      dataIndex: 'enabled',
      width: 110,
      render: (enabled: boolean, account) => (
        <Tag color={enabled ? 'green' : 'default'} id={`service-account-state-${account.id}`}>
          {enabled ? t('serviceAccount.enabled') : t('serviceAccount.disabledState')}
        </Tag>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, account) =>
        account.enabled ? (
          <Button
            size="small"
            danger
            id={`service-account-disable-${account.id}`}
            onClick={() => confirmDisable(account)}
          >
            {t('serviceAccount.disable')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title={t('serviceAccount.title')}
      variant="borderless"
      id="service-accounts-card"
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" id="service-account-create" onClick={() => setCreating(true)}>
          {t('serviceAccount.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('serviceAccount.intro')}</Typography.Paragraph>
      <Table<Account>
        rowKey="id"
        size="small"
        loading={accounts.isLoading}
        dataSource={accounts.data?.list ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        expandable={{
          expandedRowRender: (account) => <TokenList userId={account.id} />,
          rowExpandable: (account) => account.enabled,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('serviceAccount.empty')} /> }}
      />
      <CreateDialog companyId={companyId} open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}

function CreateDialog({ companyId, open, onClose }: { companyId: number | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateServiceAccount(companyId, { silentError: true });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = ({ name }: { name: string }) =>
    create.mutate(name.trim(), {
      onSuccess: () => {
        void message.success(t('serviceAccount.createdMessage'));
        onClose();
      },
      onError: (error) => showServerError(form, error, {}),
    });
  return (
    <Dialog
      open={open}
      title={t('serviceAccount.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'service-account-dialog-ok' }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name="service-account-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('serviceAccount.name')}
          extra={t('serviceAccount.nameHint')}
          required
          rules={[schemaRule('name', serviceAccountCreateBody.shape.name)]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
