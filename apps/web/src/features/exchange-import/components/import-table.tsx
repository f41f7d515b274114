import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportView } from '@edoc/contract/exchange-import';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { ImportStateTag, summaryLine } from './import-state';

/** The project's imports, as the server pages them; a package's name opens its import. */
export function ImportTable(props: {
  rows: ImportView[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ImportView> = [
    {
      title: t('exchangeImport.col.package'),
      key: 'package',
      width: 240,
      ellipsis: { showTitle: false },
      render: (_: unknown, item) => (
        <Link
          id={`exchange-import-open-${item.id}`}
          to={`${paths.project.exchangeImport}/${item.id}`}
          title={t('exchangeImport.list.open')}
        >
          {item.packageName}
        </Link>
      ),
    },
    {
      title: t('exchangeImport.col.user'),
      key: 'user',
      width: 110,
      ellipsis: true,
      render: (_: unknown, item) => item.user.name,
    },
    { title: t('exchangeImport.col.createdAt'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
    {
      title: t('exchangeImport.col.state'),
      key: 'state',
      width: 190,
      render: (_: unknown, item) => <ImportStateTag item={item} id={`exchange-import-state-${item.id}`} />,
    },
    {
      title: t('exchangeImport.col.summary'),
      key: 'summary',
      width: 280,
      render: (_: unknown, item) => {
        const line = summaryLine(item, t);
        return <Typography.Text ellipsis={{ tooltip: line }}>{line}</Typography.Text>;
      },
    },
  ];
  return (
    <Table<ImportView>
      id="exchange-import-table"
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
      scroll={{ x: 980 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exchangeImport.list.empty')} />,
      }}
    />
  );
}
