import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteItem } from '@edoc/contract/site';
import { compareText } from '../../../lib/format';
import { useDeleteSite, useSites } from '../api';
import { SiteFormModal } from './site-form-modal';

/** Site Management: the entered project's sites (a tab of /manage/user). */
export function SitesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; site?: SiteItem }>({ open: false });
  const sites = useSites();
  const deleteSite = useDeleteSite();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const remove = (site: SiteItem) =>
    deleteSite
      .mutateAsync(site.siteId)
      .then(() => void message.success(t('site.deleted', { name: site.name })))
      .catch(() => undefined);

  const columns: TableProps<SiteItem>['columns'] = [
    {
      title: t('site.code'),
      dataIndex: 'code',
      width: 160,
      sorter: (a, b) => compareText(a.code, b.code),
      defaultSortOrder: 'ascend',
    },
    {
      title: t('site.country'),
      dataIndex: 'countryCode',
      width: 100,
      sorter: (a, b) => compareText(a.countryCode, b.countryCode),
      render: (v: string | null) => v ?? '—',
    },
    { title: t('site.name'), dataIndex: 'name', sorter: (a, b) => compareText(a.name, b.name) },
    { title: t('site.shortName'), dataIndex: 'shortName', render: (v: string | null) => v ?? '—' },
    { title: t('site.memberCount'), dataIndex: 'memberCount', width: 120, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, site) => (
        <Space size="small">
          <Button
            id={`site-edit-${site.siteId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, site })}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('site.deleteConfirm', { name: site.name })}
            description={t('site.deleteConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(site)}
          >
            <Button id={`site-delete-${site.siteId}`} type="link" size="small" danger>
              {t('site.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button id="site-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('site.create')}
        </Button>
      </Flex>
      <Table<SiteItem>
        id="site-table"
        rowKey="siteId"
        size="middle"
        loading={sites.isFetching}
        columns={columns}
        dataSource={sites.data ?? []}
        pagination={{ hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('site.empty')} /> }}
      />
      <SiteFormModal open={editing.open} site={editing.site} onClose={() => setEditing({ open: false })} />
    </>
  );
}
