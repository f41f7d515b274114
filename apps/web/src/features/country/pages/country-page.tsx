import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CountryItem } from '@edoc/contract/country';
import { compareText } from '../../../lib/format';
import { useCountries, useDeleteCountry } from '../api';
import { CountryFormModal } from '../components/country-form-modal';
import { countryDisplayName } from '../iso';

/** Issue 27 part 3, /manage/country: the countries the project runs in (sites and milestones belong to them). */
export function CountryPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; country?: CountryItem }>({ open: false });
  const countries = useCountries();
  const deleteCountry = useDeleteCountry();
  // The Popconfirm stays open (loading) until the call ends; a refusal (sites in it) is shown by the query client.
  const remove = (country: CountryItem) =>
    deleteCountry
      .mutateAsync(country.id)
      .then(() => void message.success(t('country.deleted', { code: country.code })))
      .catch(() => undefined);

  const columns: TableProps<CountryItem>['columns'] = [
    {
      title: t('country.code'),
      dataIndex: 'code',
      width: 150,
      sorter: (a, b) => compareText(a.code, b.code),
      defaultSortOrder: 'ascend',
    },
    {
      title: t('country.country'),
      key: 'display',
      render: (_: unknown, c) =>
        countryDisplayName(c.code, i18n.language) ?? (
          <Typography.Text type="secondary">{t('country.unknownCode')}</Typography.Text>
        ),
    },
    { title: t('country.name'), dataIndex: 'name', sorter: (a, b) => compareText(a.name, b.name) },
    { title: t('country.siteCount'), dataIndex: 'siteCount', width: 120, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, c) => (
        <Space size="small">
          <Button
            id={`country-edit-${c.id}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, country: c })}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('country.deleteConfirm', { code: c.code })}
            description={t('country.deleteConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ id: `country-delete-ok-${c.id}` }}
            onConfirm={() => remove(c)}
          >
            <Button id={`country-delete-${c.id}`} type="link" size="small" danger>
              {t('country.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('menu.project.manageCountry')} variant="borderless">
      <Flex justify="space-between" align="center" gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('country.intro')}</Typography.Text>
        <Button id="country-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('country.create')}
        </Button>
      </Flex>
      <Table<CountryItem>
        id="country-table"
        rowKey="id"
        size="middle"
        loading={countries.isFetching}
        columns={columns}
        dataSource={countries.data ?? []}
        pagination={{ hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('country.empty')} /> }}
      />
      <CountryFormModal open={editing.open} country={editing.country} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
