import { useState } from 'react';
import { App, Button, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiTokenRow } from '@edoc/contract/api-token';
import { formatDateTime } from '../../../lib/format';
import { scopeKey, useApiTokens, useMyProjects, useRevokeApiToken } from '../api';
import { TokenDialog } from './token-dialog';
import { TokenSecret } from './token-secret';

type TokenState = 'active' | 'expired' | 'revoked';
const STATE_COLOR: Record<TokenState, string> = { active: 'green', expired: 'default', revoked: 'red' };
const stateOf = (t: ApiTokenRow): TokenState =>
  t.revokedAt ? 'revoked' : new Date(t.expiresAt).getTime() <= Date.now() ? 'expired' : 'active';

/**
 * The tokens of the caller (userId undefined) or of a service account: name, scopes, projects, expiry, last use and
 * state; make one (its secret shown once) and revoke one after confirming (it stops at once, on every node).
 */
export function TokenList({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const tokens = useApiTokens(userId);
  const revoke = useRevokeApiToken();
  const own = userId === undefined;
  // The projects' names for one's own tokens; a service account's show their ids (its projects are not the caller's).
  const projects = useMyProjects(own);
  const names = new Map((projects.data?.data ?? []).map((p) => [p.study_id, p.study_name]));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const idPrefix = own ? 'api-token' : `api-token-${userId}`;

  const confirmRevoke = (token: ApiTokenRow) =>
    void modal.confirm({
      title: t('apiToken.revokeConfirm', { name: token.name }),
      content: t('apiToken.revokeConfirmText'),
      okText: t('apiToken.revoke'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `api-token-revoke-ok-${token.id}`, danger: true },
      onOk: () =>
        revoke
          .mutateAsync(token.id)
          .then(() => void message.success(t('apiToken.revoked')))
          .catch(() => undefined),
    });

  const columns: TableProps<ApiTokenRow>['columns'] = [
    {
      title: t('apiToken.name'),
      dataIndex: 'name',
      render: (name: string, token) => (
        <>
          <div>{name}</div>
          <Typography.Text type="secondary" code>
            {token.prefix}…
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('apiToken.scopes'),
      dataIndex: 'scopes',
      render: (scopes: string[]) => (
        <Space size={[0, 4]} wrap>
          {scopes.map((s) => (
            <Tag key={s}>{t(`apiToken.scope.${scopeKey(s)}`, { defaultValue: s })}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('apiToken.projects'),
      dataIndex: 'projectIds',
      render: (ids: number[] | null) =>
        ids ? ids.map((id) => names.get(id) ?? `#${id}`).join(', ') : t('apiToken.allProjects'),
    },
    { title: t('apiToken.expires'), dataIndex: 'expiresAt', width: 170, render: formatDateTime },
    {
      title: t('apiToken.lastUsed'),
      key: 'lastUsed',
      width: 190,
      render: (_: unknown, token) =>
        token.lastUsedAt ? (
          <>
            {formatDateTime(token.lastUsedAt)}
            {token.lastUsedIp && <Typography.Text type="secondary"> · {token.lastUsedIp}</Typography.Text>}
          </>
        ) : (
          <Typography.Text type="secondary">{t('apiToken.never')}</Typography.Text>
        ),
    },
    {
      title: t('apiToken.state'),
      key: 'state',
      width: 100,
      render: (_: unknown, token) => {
        const state = stateOf(token);
        return (
          <Tag color={STATE_COLOR[state]} id={`api-token-state-${token.id}`}>
            {t(`apiToken.tokenState.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, token) =>
        stateOf(token) === 'revoked' ? null : (
          <Button size="small" danger id={`api-token-revoke-${token.id}`} onClick={() => confirmRevoke(token)}>
            {t('apiToken.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" id={`${idPrefix}-create`} onClick={() => setCreating(true)}>
        {t('apiToken.create')}
      </Button>
      <Table<ApiTokenRow>
        rowKey="id"
        size="small"
        loading={tokens.isLoading}
        dataSource={tokens.data?.list ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiToken.empty')} /> }}
      />
      <TokenDialog open={creating} userId={userId} onClose={() => setCreating(false)} onCreated={setSecret} />
      <TokenSecret token={secret} onClose={() => setSecret(null)} />
    </Space>
  );
}
