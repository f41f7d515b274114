import { useMemo, useState } from 'react';
import { App, Button, Flex, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportDecideBody, ImportDecision, ImportRow, ImportView } from '@edoc/contract/exchange-import';
import { getSessionValue, useSession } from '../../../lib/session';
import { useAddressParams } from '../../../lib/use-address-params';
import { useCountries } from '../../country/api';
import { useWorkTree } from '../../folder/work-tree';
import { useSites } from '../../site/api';
import { useDecide, useImportRows, type ImportRowsQuery } from '../api';
import { ImportRowsTable, type PlaceNames } from './import-rows-table';
import { RowTargetDialog, type TargetInput } from './row-target-dialog';

const SHOWS = ['all', 'problems', 'conflicts', 'undecided'] as const;
type Show = (typeof SHOWS)[number];
const FILTER_OF: Record<Show, Partial<ImportRowsQuery>> = {
  all: {},
  problems: { problemOnly: true },
  conflicts: { conflictOnly: true },
  undecided: { decision: 'none' },
};

const pageParam = (raw: string | null, fallback: number, max: number) =>
  raw && /^[1-9]\d{0,5}$/.test(raw) ? Math.min(Number(raw), max) : fallback;

/** The edoc codes of the project's countries and sites, by id, for the table's columns. */
function usePlaces(): PlaceNames {
  const { fullAccess } = useSession();
  const sites = useSites();
  const countries = useCountries({ enabled: fullAccess });
  return useMemo(() => {
    const countryCodes = new Map<number, string>();
    for (const c of countries.data ?? []) countryCodes.set(c.id, c.code);
    for (const s of sites.data ?? [])
      if (s.countryId !== null && s.countryCode) countryCodes.set(s.countryId, s.countryCode);
    const siteCodes = new Map((sites.data ?? []).map((s) => [s.siteId, s.code]));
    return {
      country: (id) => (id === null ? null : (countryCodes.get(id) ?? null)),
      site: (id) => (id === null ? null : (siteCodes.get(id) ?? null)),
    };
  }, [countries.data, sites.data]);
}

/**
 * An import's objects, filtered and paged by the server (filter and page in the address, so back returns to them).
 * In preview (`editable`): a decision per row, accept / skip for all or the selected, and a row's target corrected
 * in a dialog; afterwards each row's filing and a link to its document.
 */
export function ImportPreview({ item, editable }: { item: ImportView; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useAddressParams();
  const rawShow = params.get('show');
  const show: Show = (SHOWS as readonly string[]).includes(rawShow ?? '') ? (rawShow as Show) : 'all';
  const page = pageParam(params.get('page'), 1, 1_000_000);
  const pageSize = pageParam(params.get('pageSize'), Math.min(getSessionValue('pageSize'), 200), 200);
  const rows = useImportRows(item.id, item.state, { ...FILTER_OF[show], page, pageSize }, true);
  const decide = useDecide(item.id);
  const places = usePlaces();
  const { roots } = useWorkTree();
  const [selected, setSelected] = useState<number[]>([]);
  const [correcting, setCorrecting] = useState<ImportRow | null>(null);

  const change = (next: { show?: Show; page?: number; pageSize?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.show) copy.set('show', next.show);
      // Another filter lists other rows: back to their first page.
      copy.set('page', String(next.show ? 1 : (next.page ?? page)));
      copy.set('pageSize', String(next.pageSize ?? pageSize));
      return copy;
    });

  const send = (body: ImportDecideBody, after?: () => void) =>
    decide.mutate(body, {
      onSuccess: () => {
        after?.();
        void message.success(t('exchangeImport.saved'));
      },
    });

  const decideRow = (row: ImportRow, decision: ImportDecision) => send({ rows: [{ id: row.id, decision }] });
  const saveTarget = (row: ImportRow, target: TargetInput) =>
    send({ rows: [{ id: row.id, decision: row.decision === 'new_version' ? 'new_version' : 'accept', target }] }, () =>
      setCorrecting(null),
    );
  const bulkSelected = (decision: 'accept' | 'skip') =>
    send({ rows: selected.map((id) => ({ id, decision })) }, () => setSelected([]));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space wrap>
          <Typography.Text id="exchange-rows-filter-label">{t('exchangeImport.filter.label')}</Typography.Text>
          <Segmented<Show>
            id="exchange-rows-filter"
            aria-labelledby="exchange-rows-filter-label"
            value={show}
            onChange={(next) => change({ show: next })}
            options={SHOWS.map((s) => ({ value: s, label: t(`exchangeImport.filter.${s}`) }))}
          />
        </Space>
        {editable ? (
          <Space wrap>
            <Button id="exchange-accept-all" disabled={decide.isPending} onClick={() => send({ all: 'accept' })}>
              {t('exchangeImport.bulk.acceptAll')}
            </Button>
            <Button id="exchange-skip-all" disabled={decide.isPending} onClick={() => send({ all: 'skip' })}>
              {t('exchangeImport.bulk.skipAll')}
            </Button>
            <Button
              id="exchange-accept-selected"
              disabled={selected.length === 0 || decide.isPending}
              onClick={() => bulkSelected('accept')}
            >
              {t('exchangeImport.bulk.acceptSelected', { count: selected.length })}
            </Button>
            <Button
              id="exchange-skip-selected"
              disabled={selected.length === 0 || decide.isPending}
              onClick={() => bulkSelected('skip')}
            >
              {t('exchangeImport.bulk.skipSelected', { count: selected.length })}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <ImportRowsTable
        rows={rows.data?.rows ?? []}
        total={rows.data?.total ?? 0}
        loading={rows.isLoading || rows.isPlaceholderData}
        page={page}
        pageSize={pageSize}
        onPage={(nextPage, nextSize) => change({ page: nextPage, pageSize: nextSize })}
        places={places}
        editing={
          editable
            ? {
                selected,
                onSelect: setSelected,
                onDecide: decideRow,
                onCorrect: setCorrecting,
                pending: decide.isPending,
              }
            : null
        }
      />
      <RowTargetDialog
        row={correcting}
        roots={roots}
        pending={decide.isPending}
        onSave={saveTarget}
        onClose={() => setCorrecting(null)}
      />
    </Space>
  );
}
