import { useState } from 'react';
import { App, Button, Flex, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkDecision, BulkImportView, BulkRow, BulkRowsBody, BulkTargetInput } from '@edoc/contract/bulk-import';
import { getSessionValue } from '../../../lib/session';
import { useAddressParams } from '../../../lib/use-address-params';
import { useBulkCorrect, useBulkOptions, useBulkRows, type BulkRowsQuery } from '../api';
import { BulkRowsTable } from './bulk-rows-table';
import { RowEditDialog } from './row-edit-dialog';

const SHOWS = ['all', 'problems', 'low', 'undecided'] as const;
type Show = (typeof SHOWS)[number];
const FILTER_OF: Record<Show, Partial<BulkRowsQuery>> = {
  all: {},
  problems: { problemOnly: true },
  low: { lowConfidence: true },
  undecided: { decision: 'none' },
};

const pageParam = (raw: string | null, fallback: number, max: number) =>
  raw && /^[1-9]\d{0,5}$/.test(raw) ? Math.min(Number(raw), max) : fallback;

/**
 * A bulk import's files, filtered and paged by the server (filter and page in the address, so back returns to them).
 * In preview (`editable`): a decision per row, accept / skip for the selected, and a row's values corrected in a
 * dialog; afterwards each row's filing and a link to its document.
 */
export function BulkPreview({ item, editable }: { item: BulkImportView; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useAddressParams();
  const rawShow = params.get('show');
  const show: Show = (SHOWS as readonly string[]).includes(rawShow ?? '') ? (rawShow as Show) : 'all';
  const page = pageParam(params.get('page'), 1, 1_000_000);
  const pageSize = pageParam(params.get('pageSize'), Math.min(getSessionValue('pageSize'), 200), 200);
  const rows = useBulkRows(item.id, item.state, { ...FILTER_OF[show], page, pageSize });
  const correct = useBulkCorrect(item.id);
  const options = useBulkOptions();
  const [selected, setSelected] = useState<number[]>([]);
  const [editingRow, setEditingRow] = useState<BulkRow | null>(null);

  const change = (next: { show?: Show; page?: number; pageSize?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.show) copy.set('show', next.show);
      // Another filter lists other rows: back to their first page.
      copy.set('page', String(next.show ? 1 : (next.page ?? page)));
      copy.set('pageSize', String(next.pageSize ?? pageSize));
      return copy;
    });

  const send = (body: BulkRowsBody, after?: () => void) =>
    correct.mutate(body, {
      onSuccess: () => {
        after?.();
        void message.success(t('bulkImport.saved'));
      },
    });
  const decideRow = (row: BulkRow, decision: BulkDecision) => send({ rows: [{ id: row.id, decision }] });
  const saveRow = (row: BulkRow, target: BulkTargetInput) =>
    send({ rows: [{ id: row.id, decision: 'accept', ...target }] }, () => setEditingRow(null));
  const decideSelected = (decision: BulkDecision) =>
    send({ rows: selected.map((id) => ({ id, decision })) }, () => setSelected([]));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space wrap>
          <Typography.Text id="bulk-rows-filter-label">{t('bulkImport.filter.label')}</Typography.Text>
          <Segmented<Show>
            id="bulk-rows-filter"
            aria-labelledby="bulk-rows-filter-label"
            value={show}
            onChange={(next) => change({ show: next })}
            options={SHOWS.map((s) => ({ value: s, label: t(`bulkImport.filter.${s}`) }))}
          />
        </Space>
        {editable ? (
          <Space wrap>
            <Button
              id="bulk-accept-selected"
              disabled={selected.length === 0 || correct.isPending}
              onClick={() => decideSelected('accept')}
            >
              {t('bulkImport.bulk.acceptSelected', { count: selected.length })}
            </Button>
            <Button
              id="bulk-skip-selected"
              disabled={selected.length === 0 || correct.isPending}
              onClick={() => decideSelected('skip')}
            >
              {t('bulkImport.bulk.skipSelected', { count: selected.length })}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <BulkRowsTable
        rows={rows.data?.rows ?? []}
        total={rows.data?.total ?? 0}
        loading={rows.isLoading || rows.isPlaceholderData}
        page={page}
        pageSize={pageSize}
        onPage={(nextPage, nextSize) => change({ page: nextPage, pageSize: nextSize })}
        options={options.data}
        editing={
          editable
            ? {
                selected,
                onSelect: setSelected,
                onDecide: decideRow,
                onEdit: setEditingRow,
                pending: correct.isPending,
              }
            : null
        }
      />
      <RowEditDialog
        row={editingRow}
        options={options.data}
        pending={correct.isPending}
        onSave={saveRow}
        onClose={() => setEditingRow(null)}
      />
    </Space>
  );
}
