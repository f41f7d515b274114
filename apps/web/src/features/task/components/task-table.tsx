import { useState } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Select, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskItem } from '@edoc/contract/workflow-requests';
import { TASK_KINDS, type TaskKind } from '@edoc/contract/workflow';
import { getSessionValue } from '../../../lib/session';
import { useTasks, type TaskState } from '../api';
import { PassDialog } from './pass-dialog';
import { useTaskColumns, type SortState } from './task-columns';
import { PASSABLE } from './task-kind-tag';

interface Query extends SortState {
  pageNum: number;
  pageSize: number;
  kind?: TaskKind;
}

/**
 * One of the home lists (SPEC §2 home): my pending or processed tasks, paged, filtered and sorted by the server.
 * Pending rows of review, QC and approval can be selected and passed together.
 */
export function TaskTable({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  const pending = state === 'pending';
  const [query, setQuery] = useState<Query>(() => ({
    pageNum: 1,
    pageSize: getSessionValue('pageSize'),
    order: 'asc',
  }));
  const [selected, setSelected] = useState<TaskItem[]>([]);
  const [passing, setPassing] = useState(false);
  const tasks = useTasks({ state, ...query });
  const rows = tasks.data?.data ?? [];
  const columns = useTaskColumns(state, query);

  // Another page, filter or order shows other rows: a selection the user can no longer see is not kept.
  const change = (next: Partial<Query>) => {
    setSelected([]);
    setQuery((q) => ({ ...q, ...next }));
  };

  const onChange: TableProps<TaskItem>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    // Clearing the sort returns to the server's default: the most urgent (pending) or latest (processed) first.
    const sort = sorter.order ? (sorter.columnKey as SortState['sort']) : undefined;
    change({ sort, order: sorter.order === 'descend' ? 'desc' : 'asc', pageNum: 1 });
  };

  const empty = pending ? (query.kind ? 'task.emptyPendingKind' : 'task.emptyPending') : 'task.emptyProcessed';

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          <Select<TaskKind>
            id={`task-kind-filter-${state}`}
            aria-label={t('task.kindFilter')}
            placeholder={t('task.allKinds')}
            allowClear
            value={query.kind}
            onChange={(kind) => change({ kind, pageNum: 1 })}
            style={{ width: 200 }}
            options={TASK_KINDS.map((kind) => ({
              value: kind,
              label: t(pending ? `task.kind.${kind}` : `task.processedKind.${kind}`),
            }))}
          />
          {pending && rows.some((r) => PASSABLE.includes(r.kind)) ? (
            <Typography.Text type="secondary">{t('task.selectHint')}</Typography.Text>
          ) : null}
        </Flex>
        {pending ? (
          <Flex align="center" gap={12}>
            {selected.length > 0 ? (
              <Typography.Text>{t('task.selected', { count: selected.length })}</Typography.Text>
            ) : null}
            <Button
              id="task-pass-selected"
              type="primary"
              icon={<CheckOutlined />}
              disabled={selected.length === 0}
              onClick={() => setPassing(true)}
            >
              {t('task.passSelected')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Table<TaskItem>
        id={`task-table-${state}`}
        rowKey="taskId"
        size="middle"
        loading={tasks.isLoading || tasks.isPlaceholderData}
        columns={columns}
        dataSource={rows}
        onChange={onChange}
        rowSelection={
          pending
            ? {
                selectedRowKeys: selected.map((r) => r.taskId),
                onChange: (_keys, chosen) => setSelected(chosen),
                getCheckboxProps: (row) => ({
                  disabled: !PASSABLE.includes(row.kind),
                  'aria-label': row.fileName,
                }),
              }
            : undefined
        }
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: tasks.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          // A new page size restarts at page 1: the page number would point past the end otherwise.
          onChange: (pageNum, pageSize) => change({ pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize }),
        }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(empty)} /> }}
      />
      {pending ? (
        <PassDialog
          open={passing}
          tasks={selected}
          onClose={(passed) => {
            setPassing(false);
            if (passed) setSelected([]);
          }}
        />
      ) : null}
    </>
  );
}
