import { useState } from 'react';
import { EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Result, Skeleton, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyUserItem } from '@edoc/contract/company';
import { compareText, formatDateTime } from '../../../lib/format';
import { useCompany, useCompanyManagers } from '../api';
import { CompanyFormModal } from '../components/company-form-modal';
import { PickedCompany } from '../components/picked-company';
import { ManagerFormModal } from '../components/manager-form-modal';

function Managers({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const managers = useCompanyManagers(companyId);
  const columns: TableProps<CompanyUserItem>['columns'] = [
    {
      title: t('fields.userName'),
      dataIndex: 'userName',
      sorter: (a, b) => compareText(a.userName, b.userName),
    },
    { title: t('fields.email'), dataIndex: 'email', sorter: (a, b) => compareText(a.email, b.email) },
    {
      title: t('company.status'),
      dataIndex: 'enabled',
      width: 110,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('company.statusEnabled')}</Tag> : <Tag>{t('company.statusDisabled')}</Tag>,
    },
    { title: t('company.createdAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  return (
    <Card
      title={t('company.managers')}
      variant="borderless"
      extra={
        <Button id="company-manager-add" type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
          {t('company.addManager')}
        </Button>
      }
    >
      <Table<CompanyUserItem>
        id="company-manager-table"
        rowKey="userId"
        size="middle"
        loading={managers.isFetching}
        columns={columns}
        dataSource={managers.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.noManagers')} /> }}
      />
      <ManagerFormModal open={adding} companyId={companyId} onClose={() => setAdding(false)} />
    </Card>
  );
}

function CompanyFacts({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const company = useCompany(companyId);
  if (company.isError) return <Result status="warning" title={t('company.loadFailed')} />;
  return (
    <Card
      title={company.data?.companyName ?? t('menu.system.companyDetails')}
      variant="borderless"
      extra={
        <Button
          id="company-details-edit"
          icon={<EditOutlined />}
          disabled={!company.data}
          onClick={() => setEditing(true)}
        >
          {t('common.edit')}
        </Button>
      }
    >
      {company.data ? (
        <Descriptions
          id="company-details"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: t('fields.companyName'), children: company.data.companyName },
            {
              key: 'status',
              label: t('company.status'),
              children: company.data.enabled ? (
                <Tag color="green">{t('company.statusEnabled')}</Tag>
              ) : (
                <Tag>{t('company.statusDisabled')}</Tag>
              ),
            },
            { key: 'projects', label: t('company.projectCount'), children: company.data.projectCount },
            { key: 'users', label: t('company.userCount'), children: company.data.userCount },
            { key: 'created', label: t('company.createdAt'), children: formatDateTime(company.data.createdAt) },
            {
              key: 'description',
              label: t('fields.description'),
              span: 'filled',
              children: company.data.description || '—',
            },
          ]}
        />
      ) : (
        <Skeleton active />
      )}
      <CompanyFormModal open={editing} company={company.data} onClose={() => setEditing(false)} />
    </Card>
  );
}

/** SPEC §2 /system/company/details: one company's facts and its administrators (?companyId=, or pick one). */
export function CompanyDetailsPage() {
  return (
    <PickedCompany>
      {(companyId) => (
        <>
          <CompanyFacts key={`facts-${companyId}`} companyId={companyId} />
          <Managers key={`managers-${companyId}`} companyId={companyId} />
        </>
      )}
    </PickedCompany>
  );
}
