import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteItem } from '@edoc/contract/site';
import { compareText } from '../../../lib/format';
import { deleteSite, listSites, siteKeys } from '../api';
import { SiteFormModal } from './site-form-modal';

/** Site Management: the entered project's sites (a tab of /manage/user). */
export function SitesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; site?: SiteItem }>({ open: false });
  const sites = useQuery({ queryKey: siteKeys.list, queryFn: listSites });

  const remove = useMutation({
    mutationFn: (site: SiteItem) => deleteSite(site.siteId),
    onSuccess: async (_data, site) => {
      void message.success(t('site.deleted', { name: site.name }));
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });

  const columns: TableProps<SiteItem>['columns'] = [
    {
      title: t('site.code'),
      dataIndex: 'code',
      width: 160,
      sorter: (a, b) => compareText(a.code, b.code),
      defaultSortOrder: 'ascend',
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
            onConfirm={() => remove.mutateAsync(site).catch(() => undefined)}
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
