import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkImportView } from '@edoc/contract/bulk-import';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { BulkStateTag } from './bulk-state';

/** The project's bulk imports as the server pages them; a zip's name opens its import. */
export function BulkTable(props: {
  rows: BulkImportView[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BulkImportView> = [
    {
      title: t('bulkImport.col.package'),
      key: 'package',
      width: 240,
      ellipsis: { showTitle: false },
      render: (_: unknown, item) => (
        <Link
          id={`bulk-import-open-${item.id}`}
          to={`${paths.project.exchangeBulk}/${item.id}`}
          title={t('bulkImport.list.open')}
        >
          {item.packageName}
        </Link>
      ),
    },
    {
      title: t('bulkImport.col.state'),
      key: 'state',
      width: 190,
      render: (_: unknown, item) => <BulkStateTag item={item} id={`bulk-import-state-${item.id}`} />,
    },
    { title: t('bulkImport.col.files'), key: 'files', width: 90, render: (_: unknown, item) => item.summary.files },
    { title: t('bulkImport.col.filed'), key: 'filed', width: 90, render: (_: unknown, item) => item.summary.filed },
    {
      title: t('bulkImport.col.problems'),
      key: 'problems',
      width: 110,
      render: (_: unknown, item) => item.summary.problems,
    },
    {
      title: t('bulkImport.col.user'),
      key: 'user',
      width: 110,
      ellipsis: true,
      render: (_: unknown, item) => item.user.name,
    },
    { title: t('bulkImport.col.createdAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  return (
    <Table<BulkImportView>
      id="bulk-import-table"
      rowKey="id"
      size="middle"
      loading={props.loading}
      columns={columns}
      dataSource={props.rows}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total }),
        // A new page size restarts at page 1: the page number would point past the end otherwise.
        onChange: (page, pageSize) => props.onPage(pageSize === props.pageSize ? page : 1, pageSize),
      }}
      scroll={{ x: 990 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bulkImport.list.empty')} /> }}
    />
  );
}
