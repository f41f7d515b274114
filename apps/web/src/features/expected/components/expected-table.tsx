import { App, Button, Popconfirm, Space, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExpectedItem, ExpectedListQuery } from '@edoc/contract/expected';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { serverSort, type Order } from '../../../lib/server-sort';
import { useRemoveExpected, useReopenExpected } from '../api';
import { artifactLabel, placeLabel } from '../labels';
import { ExpectedStateTag } from './state-tag';

type Sort = ExpectedListQuery['sort'];

interface ExpectedTableProps {
  items: ExpectedItem[];
  loading: boolean;
  sort: { sort: Sort; order: Order };
  onSort: (sort: Sort, order: Order) => void;
  pagination: TableProps<ExpectedItem>['pagination'];
  onNotApplicable: (item: ExpectedItem) => void;
  empty: React.ReactNode;
}

/** The project's expected items, a page at a time, sorted by the server (due date or artifact). */
export function ExpectedTable(props: ExpectedTableProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const reopen = useReopenExpected();
  const remove = useRemoveExpected();
  const { sortable, onChange } = serverSort<ExpectedItem, Sort>(
    props.sort,
    { sort: 'due', order: 'asc' },
    props.onSort,
  );
  const name = (item: ExpectedItem) => artifactLabel(item, i18n.language);

  const columns: TableProps<ExpectedItem>['columns'] = [
    {
      title: t('expected.artifact'),
      ...sortable('artifact'),
      render: (_: unknown, item) => (
        <Space size={4} wrap>
          <span>{name(item)}</span>
          {item.occurrence > 1 ? (
            <Typography.Text type="secondary">{t('expected.occurrence', { n: item.occurrence })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('expected.place'), key: 'place', width: 200, render: (_: unknown, item) => placeLabel(item, t) },
    {
      title: t('expected.dueDate'),
      ...sortable('due'),
      width: 130,
      render: (_: unknown, item) => (item.dueDate ? formatDate(item.dueDate) : '—'),
    },
    {
      title: t('expected.stateLabel'),
      key: 'state',
      width: 160,
      render: (_: unknown, item) => (
        <Space orientation="vertical" size={0}>
          <ExpectedStateTag item={item} />
          {item.reason ? <Typography.Text type="secondary">{item.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('expected.documents'),
      key: 'documents',
      render: (_: unknown, item) =>
        item.documents.length === 0 ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0}>
            {item.documents.map((d) => (
              <Link key={d.id} id={`expected-doc-${item.id}-${d.id}`} to={`${paths.project.work}?doc=${d.id}`}>
                {d.name}
              </Link>
            ))}
          </Space>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, item) => (
        <Space size={0} wrap>
          {item.state === 'expected' ? (
            <Button id={`expected-na-${item.id}`} type="link" size="small" onClick={() => props.onNotApplicable(item)}>
              {t('expected.markNotApplicable')}
            </Button>
          ) : null}
          {item.state === 'not_applicable' || (item.state === 'filed' && item.documents.length === 0) ? (
            <Button
              id={`expected-reopen-${item.id}`}
              type="link"
              size="small"
              loading={reopen.isPending && reopen.variables === item.id}
              onClick={() =>
                reopen.mutate(item.id, {
                  onSuccess: () => void message.success(t('expected.reopened', { name: name(item) })),
                })
              }
            >
              {t('expected.reopen')}
            </Button>
          ) : null}
          <Popconfirm
            title={t('expected.removeConfirm', { name: name(item) })}
            description={t('expected.removeConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ id: `expected-remove-ok-${item.id}` }}
            onConfirm={() =>
              remove
                .mutateAsync(item.id)
                .then(() => void message.success(t('expected.removed', { name: name(item) })))
                .catch(() => undefined)
            }
          >
            <Button id={`expected-remove-${item.id}`} type="link" size="small" danger>
              {t('expected.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<ExpectedItem>
      id="expected-table"
      rowKey="id"
      size="middle"
      loading={props.loading}
      columns={columns}
      dataSource={props.items}
      onChange={onChange}
      pagination={props.pagination}
      locale={{ emptyText: props.empty }}
    />
  );
}
