import { useEffect, useState } from 'react';
import { App, DatePicker, Table, Tag, Typography, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { milestoneTypeName, type MilestoneRow, type MilestoneType } from '@edoc/contract/milestone';
import { isPastOrToday } from '@edoc/contract/tmf-project';
import { useSaveMilestone } from '../api';

const DAY = 'YYYY-MM-DD';
// The contract's rule for an actual date (not after the latest today anywhere), so the picker offers what is accepted.
const notFuture = (d: Dayjs) => !isPastOrToday(d.format(DAY));

/** Planned before today and nothing achieved yet. */
export const isOverdue = (row: MilestoneRow, today = dayjs().format(DAY)) =>
  !row.actual && !!row.planned && row.planned < today;

type Which = 'planned' | 'actual';

/** One date of one cell, saved as soon as it changes; shown at once, put back if the server refuses. */
function DateCell({ row, which, label }: { row: MilestoneRow; which: Which; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveMilestone();
  const [value, setValue] = useState<string | null>(row[which]);
  useEffect(() => setValue(row[which]), [row, which]);

  const change = (day: Dayjs | null) => {
    const next = day ? day.format(DAY) : null;
    setValue(next);
    const body = {
      typeId: row.typeId,
      ...(row.countryId !== null ? { countryId: row.countryId } : {}),
      ...(row.siteId !== null ? { siteId: row.siteId } : {}),
      planned: row.planned,
      actual: row.actual,
      [which]: next,
    };
    // A refusal is shown by the query client in the server's words.
    save.mutate(body, {
      onSuccess: () => void message.success(t('milestone.saved', { name: label })),
      onError: () => setValue(row[which]),
    });
  };

  return (
    <DatePicker
      aria-label={t(which === 'planned' ? 'milestone.plannedOf' : 'milestone.actualOf', { name: label })}
      value={value ? dayjs(value) : null}
      onChange={change}
      disabledDate={which === 'actual' ? notFuture : undefined}
      disabled={save.isPending}
      style={{ width: '100%' }}
    />
  );
}

interface MilestoneTableProps {
  id: string;
  /** Where the rows are: the trial, a country or a site (read in each picker's label). */
  place: string;
  rows: MilestoneRow[];
  types: Map<number, MilestoneType>;
}

/** One group's milestones: a row per type with its planned and actual dates and whether it is overdue. */
export function MilestoneTable({ id, place, rows, types }: MilestoneTableProps) {
  const { t, i18n } = useTranslation();
  const nameOf = (row: MilestoneRow) => {
    const type = types.get(row.typeId);
    return type ? milestoneTypeName(type, i18n.language) : String(row.typeId);
  };
  const labelOf = (row: MilestoneRow) => `${nameOf(row)} (${place})`;
  const columns: TableProps<MilestoneRow>['columns'] = [
    { title: t('milestone.name'), key: 'name', render: (_: unknown, row) => nameOf(row) },
    {
      title: t('milestone.planned'),
      key: 'planned',
      width: 200,
      render: (_: unknown, row) => <DateCell row={row} which="planned" label={labelOf(row)} />,
    },
    {
      title: t('milestone.actual'),
      key: 'actual',
      width: 200,
      render: (_: unknown, row) => <DateCell row={row} which="actual" label={labelOf(row)} />,
    },
    {
      title: t('milestone.status'),
      key: 'status',
      width: 140,
      render: (_: unknown, row) =>
        row.actual ? (
          <Tag color="green">{t('milestone.achieved')}</Tag>
        ) : isOverdue(row) ? (
          <Tag color="red">{t('milestone.overdue')}</Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  return (
    <Table<MilestoneRow>
      id={id}
      rowKey={(row) => `${row.typeId}-${row.countryId ?? ''}-${row.siteId ?? ''}`}
      size="small"
      tableLayout="fixed"
      pagination={false}
      columns={columns}
      dataSource={rows}
    />
  );
}
