import { useState, type ReactNode } from 'react';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Switch, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CompanyUserRow } from '@edoc/contract/company';
import { ApprovalStatus, UserOrigin } from '@edoc/contract/enums';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import {
  useCompanyUsers,
  useExportCompanyUsers,
  useResetCompanyUserPassword,
  useSaveCompanyUser,
  type CompanyScope,
} from '../api';
import { CompanyUserFormModal } from './company-user-form-modal';
import { CompanyUserImport } from './company-user-import';
import { SearchableTable } from '../../../components/searchable-table';

const APPROVAL_TAGS: Record<number, { color: string; key: string }> = {
  [ApprovalStatus.Pending]: { color: 'gold', key: 'approve.statusPending' },
  [ApprovalStatus.Passed]: { color: 'green', key: 'approve.statusPassed' },
  [ApprovalStatus.Rejected]: { color: 'red', key: 'approve.statusRejected' },
};

interface CompanyUsersPanelProps {
  scope: CompanyScope;
  title: string;
  /** More actions on a user that other features bring (the page composes them: two-factor reset). */
  rowActions?: (user: CompanyUserRow) => ReactNode;
}

/** The users of one company: create, edit, enable/disable, password reset and CSV export (SPEC §2 user administration). */
export function CompanyUsersPanel({ scope, title, rowActions }: CompanyUsersPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; user?: CompanyUserRow }>({ open: false });

  const users = useCompanyUsers(scope, {
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    searchValue: list.searchValue,
  });
  const save = useSaveCompanyUser(scope);
  const setEnabled = (user: CompanyUserRow, enabled: boolean) =>
    save.mutateAsync(
      { edit: { userId: user.userId, userName: user.userName, enabled } },
      {
        onSuccess: () => void message.success(enabled ? t('companyUser.enabledDone') : t('companyUser.disabledDone')),
      },
    );
  const reset = useResetCompanyUserPassword(scope);
  const exportCsv = useExportCompanyUsers(scope);

  const columns: TableProps<CompanyUserRow>['columns'] = [
    { title: t('fields.userName'), dataIndex: 'userName' },
    { title: t('fields.email'), dataIndex: 'email' },
    { title: t('fields.mobile'), dataIndex: 'mobile', width: 140 },
    {
      title: t('companyUser.kind'),
      dataIndex: 'isCompanyManager',
      width: 150,
      render: (manager: boolean) =>
        manager ? <Tag color="blue">{t('companyUser.companyManager')}</Tag> : t('companyUser.projectUser'),
    },
    {
      title: t('companyUser.origin'),
      dataIndex: 'origin',
      width: 150,
      render: (origin: number, user) => {
        if (origin === UserOrigin.Inspector) return t('companyUser.originInspector');
        if (origin !== UserOrigin.External) return t('companyUser.originInternal');
        const tag = APPROVAL_TAGS[user.approvalStatus];
        return (
          <Space size={4}>
            {t('companyUser.originExternal')}
            {tag && <Tag color={tag.color}>{t(tag.key)}</Tag>}
          </Space>
        );
      },
    },
    {
      // Who still signs in with a password alone, before the administrator asks for a second factor by policy.
      title: t('totp.tab'),
      dataIndex: 'totpEnabled',
      width: 120,
      render: (on: boolean) => (on ? <Tag color="green">{t('totp.stateOn')}</Tag> : <Tag>{t('totp.stateOff')}</Tag>),
    },
    {
      title: t('companyUser.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean, user) => {
        const pending =
          save.isPending && save.variables && 'edit' in save.variables && save.variables.edit.userId === user.userId;
        const control = (
          <Switch
            id={`company-user-enabled-${user.userId}`}
            aria-label={t('companyUser.enabled')}
            checked={enabled}
            loading={pending}
            onChange={enabled ? undefined : () => void setEnabled(user, true).catch(() => undefined)}
          />
        );
        // Disabling signs the user out everywhere, so it asks first; enabling does not.
        return enabled ? (
          <Popconfirm
            title={t('companyUser.disableConfirm')}
            description={t('companyUser.disableConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => setEnabled(user, false).catch(() => undefined)}
          >
            {control}
          </Popconfirm>
        ) : (
          control
        );
      },
    },
    { title: t('company.createdAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      width: rowActions ? 300 : 190,
      render: (_: unknown, user) => (
        <Space size="small">
          <Button
            id={`company-user-edit-${user.userId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, user })}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('companyUser.resetConfirm')}
            description={t('companyUser.resetConfirmText', { email: user.email })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              reset
                .mutateAsync(user, {
                  onSuccess: () => void message.success(t('companyUser.resetDone', { email: user.email })),
                })
                .catch(() => undefined)
            }
          >
            <Button id={`company-user-reset-${user.userId}`} type="link" size="small" danger>
              {t('companyUser.resetPassword')}
            </Button>
          </Popconfirm>
          {rowActions?.(user)}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Space>
          <Button
            id="company-user-export"
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(undefined, {
                onSuccess: (blob) => saveBlob(blob, `company-users-${dayjs().format('YYYYMMDD-HHmm')}.csv`),
              })
            }
          >
            {t('companyUser.export')}
          </Button>
          <CompanyUserImport scope={scope} />
          <Button
            id="company-user-create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true })}
          >
            {t('companyUser.create')}
          </Button>
        </Space>
      }
    >
      <SearchableTable<CompanyUserRow>
        searchId="company-user-search"
        tableId="company-user-table"
        rowKey="userId"
        columns={columns}
        page={users}
        list={list}
        searchPlaceholder={t('companyUser.searchPlaceholder')}
        emptyText={t('companyUser.empty')}
      />
      <CompanyUserFormModal
        open={editing.open}
        scope={scope}
        user={editing.user}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
