import { Button, DatePicker, Flex, InputNumber, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { EXPIRING_DAYS, type ReportFilterName } from '@edoc/contract/report';
import { folderLabel } from '../../../components/folder-tree/folder-tree-model';
import { useWorkTree } from '../../folder/work-tree';
import { useSites } from '../../site/api';
import type { ReportFilterValues } from '../report-address';

const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** What a filter becomes in the address: undefined removes it. */
export type ReportFilterChange = Partial<Record<Exclude<keyof ReportFilterValues, 'key'>, string | undefined>>;

interface FolderOption {
  value: number;
  title: string;
  children: FolderOption[];
}
const folderOptions = (nodes: FolderNode[], lang: string): FolderOption[] =>
  nodes.map((n) => ({ value: n.folderId, title: folderLabel(n, lang), children: folderOptions(n.children, lang) }));

const text = (v: number | null | undefined) => (v === undefined || v === null ? undefined : String(v));
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * The filters a report reads (the server says which), on one wrapping row. The range picker keeps the start before
 * the end (the date rule); a folder includes its subfolders, as in the search.
 */
export function ReportFilters(props: {
  shows: ReportFilterName[];
  values: ReportFilterValues;
  onChange: (next: ReportFilterChange) => void;
}) {
  const { t, i18n } = useTranslation();
  const { shows, values, onChange } = props;
  const { tree, roots } = useWorkTree();
  const sites = useSites();
  const dates: [Dayjs | null, Dayjs | null] | null =
    values.dateFrom || values.dateTo
      ? [values.dateFrom ? dayjs(values.dateFrom) : null, values.dateTo ? dayjs(values.dateTo) : null]
      : null;
  const any =
    values.dateFrom || values.dateTo || values.folderId || values.siteId || values.status || values.days !== undefined;

  return (
    <Flex id="report-filters" gap={8} wrap align="center">
      {shows.includes('dates') ? (
        <DatePicker.RangePicker
          id="report-dates"
          allowEmpty={[true, true]}
          aria-label={t('systemReport.dates')}
          placeholder={[t('systemReport.from'), t('systemReport.to')]}
          value={dates}
          onChange={(range) => onChange({ dateFrom: day(range?.[0]), dateTo: day(range?.[1]) })}
        />
      ) : null}
      {shows.includes('days') ? (
        <InputNumber<number>
          id="report-days"
          min={1}
          max={EXPIRING_DAYS.max}
          precision={0}
          style={{ width: 220 }}
          prefix={t('systemReport.days')}
          aria-label={t('systemReport.days')}
          value={values.days ?? EXPIRING_DAYS.default}
          onChange={(v) => onChange({ days: text(v) })}
        />
      ) : null}
      {shows.includes('folder') ? (
        <TreeSelect<number>
          id="report-folder"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          style={{ width: 260 }}
          popupMatchSelectWidth={false}
          aria-label={t('systemReport.folder')}
          placeholder={t('systemReport.anyFolder')}
          loading={tree.isFetching}
          value={values.folderId}
          onChange={(v) => onChange({ folderId: text(v) })}
          treeData={folderOptions(roots, i18n.language)}
        />
      ) : null}
      {shows.includes('site') ? (
        <Select<number>
          id="report-site"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
          aria-label={t('systemReport.site')}
          placeholder={t('systemReport.anySite')}
          loading={sites.isFetching}
          value={values.siteId}
          onChange={(v) => onChange({ siteId: text(v) })}
          options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
        />
      ) : null}
      {shows.includes('status') ? (
        <Select<number>
          id="report-status"
          allowClear
          style={{ width: 180 }}
          popupMatchSelectWidth={false}
          aria-label={t('systemReport.status')}
          placeholder={t('systemReport.anyStatus')}
          value={values.status}
          onChange={(v) => onChange({ status: text(v) })}
          options={STATUSES.map((s) => ({ value: s, label: t(`document.status.${s}`) }))}
        />
      ) : null}
      {any ? (
        <Button
          id="report-clear"
          type="link"
          onClick={() =>
            onChange({
              dateFrom: undefined,
              dateTo: undefined,
              folderId: undefined,
              siteId: undefined,
              status: undefined,
              days: undefined,
            })
          }
        >
          {t('systemReport.clear')}
        </Button>
      ) : null}
    </Flex>
  );
}
