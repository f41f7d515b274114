import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpectedList, ExpectedListState } from '@edoc/contract/expected';
import { TMF_LEVELS, type TmfLevel } from '@edoc/contract/tmf-model';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';

/** The list's filters as the address holds them (strings; absent is no filter). */
export interface ExpectedFilterValues {
  state?: ExpectedListState;
  level?: TmfLevel;
  countryId?: string;
  siteId?: string;
  q?: string;
}

interface ExpectedFiltersProps {
  values: ExpectedFilterValues;
  counts: ExpectedList['counts'] | undefined;
  onChange: (next: Partial<Record<keyof ExpectedFilterValues, string | undefined>>) => void;
}

const ALL = 'all';

/** State (with its count under the other filters), level, country, site and the artifact's number or name. */
export function ExpectedFilters({ values, counts, onChange }: ExpectedFiltersProps) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const sites = useSites();
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const states: { value: ExpectedListState | typeof ALL; label: string }[] = [
    { value: 'expected', label: t('expected.state.expected') + count(counts?.expected) },
    { value: 'overdue', label: t('expected.overdue') + count(counts?.overdue) },
    { value: 'filed', label: t('expected.state.filed') + count(counts?.filed) },
    { value: 'not_applicable', label: t('expected.state.not_applicable') + count(counts?.notApplicable) },
    {
      value: ALL,
      label: t('expected.all') + count(counts && counts.expected + counts.filed + counts.notApplicable),
    },
  ];
  const id = (raw: string | undefined) => (raw ? Number(raw) : undefined);

  return (
    <Flex vertical gap={12}>
      <Segmented
        id="expected-state"
        aria-label={t('expected.stateLabel')}
        value={values.state ?? ALL}
        onChange={(v) => onChange({ state: v === ALL ? undefined : v })}
        options={states}
      />
      <Flex gap={8} wrap>
        <Select<TmfLevel>
          id="expected-filter-level"
          aria-label={t('expected.levelLabel')}
          placeholder={t('expected.anyLevel')}
          allowClear
          style={{ width: 160 }}
          value={values.level}
          onChange={(level) => onChange({ level })}
          options={TMF_LEVELS.map((l) => ({ value: l, label: t(`expected.level.${l}`) }))}
        />
        <Select<number>
          id="expected-filter-country"
          aria-label={t('expected.country')}
          placeholder={t('expected.anyCountry')}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          value={id(values.countryId)}
          onChange={(v) => onChange({ countryId: v === undefined ? undefined : String(v) })}
          options={(countries.data ?? []).map((c) => ({ value: c.id, label: countryLabel(c, i18n.language) }))}
        />
        <Select<number>
          id="expected-filter-site"
          aria-label={t('expected.site')}
          placeholder={t('expected.anySite')}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          value={id(values.siteId)}
          onChange={(v) => onChange({ siteId: v === undefined ? undefined : String(v) })}
          options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
        />
        <Input.Search
          key={values.q ?? ''}
          id="expected-filter-q"
          aria-label={t('expected.search')}
          placeholder={t('expected.search')}
          defaultValue={values.q}
          allowClear
          style={{ width: 280 }}
          onSearch={(q) => onChange({ q: q.trim() || undefined })}
        />
      </Flex>
    </Flex>
  );
}
