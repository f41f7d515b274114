import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompanyItem } from '@edoc/contract/company';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useCompanies, useToggleCompany } from '../api';
import { CompanyFormModal } from '../components/company-form-modal';
import { SearchableTable } from '../../../components/searchable-table';

export function companyDetailsPath(companyId: number): string {
  return `${paths.system.companyDetails}?companyId=${companyId}`;
}

/** SPEC §2 /system/company/list: the system administrator's companies. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; company?: CompanyItem }>({ open: false });

  const companies = useCompanies({ pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue });
  const toggle = useToggleCompany();

  const columns: TableProps<CompanyItem>['columns'] = [
    {
      title: t('fields.companyName'),
      dataIndex: 'companyName',
      render: (name: string, company) => (
        <Link id={`company-link-${company.companyId}`} to={companyDetailsPath(company.companyId)}>
          {name}
        </Link>
      ),
    },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    { title: t('company.projectCount'), dataIndex: 'projectCount', width: 110, align: 'right' },
    { title: t('company.userCount'), dataIndex: 'userCount', width: 110, align: 'right' },
    {
      title: t('company.status'),
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('company.statusEnabled')}</Tag> : <Tag>{t('company.statusDisabled')}</Tag>,
    },
    { title: t('company.createdAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, company) => (
        <Space size="small">
          <Button
            id={`company-edit-${company.companyId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, company })}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={company.enabled ? t('company.disableConfirm') : t('company.enableConfirm')}
            description={company.enabled ? t('company.disableConfirmText') : undefined}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              toggle
                .mutateAsync(company, {
                  onSuccess: () => void message.success(company.enabled ? t('company.disabled') : t('company.enabled')),
                })
                .catch(() => undefined)
            }
          >
            <Button id={`company-toggle-${company.companyId}`} type="link" size="small" danger={company.enabled}>
              {company.enabled ? t('company.disable') : t('company.enable')}
            </Button>
          </Popconfirm>
          <Link to={companyDetailsPath(company.companyId)}>{t('company.details')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.system.companyList')}
      variant="borderless"
      extra={
        <Button id="company-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('company.create')}
        </Button>
      }
    >
      <SearchableTable<CompanyItem>
        searchId="company-search"
        tableId="company-table"
        rowKey="companyId"
        columns={columns}
        page={companies}
        list={list}
        searchPlaceholder={t('company.searchPlaceholder')}
        emptyText={t('company.empty')}
      />
      <CompanyFormModal open={editing.open} company={editing.company} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
