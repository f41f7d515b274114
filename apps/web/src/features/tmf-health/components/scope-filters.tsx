import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TMF_GROUP_BYS, type TmfGroupBy } from '@edoc/contract/tmf-health';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';
import { useSession } from '../../../lib/session';
import type { HealthView } from '../health-address';

interface ScopeFiltersProps {
  view: HealthView;
  onChange: (patch: Partial<HealthView>) => void;
}

/** Group by, and narrow every figure to one country or one site. */
export function ScopeFilters({ view, onChange }: ScopeFiltersProps) {
  const { t, i18n } = useTranslation();
  const { fullAccess } = useSession();
  const sites = useSites();
  // The country list is the administrators' (/manage/country/list); other members know the countries of the sites.
  const countries = useCountries({ enabled: fullAccess });
  const countryOptions = new Map<number, string>();
  for (const c of countries.data ?? []) countryOptions.set(c.id, countryLabel(c, i18n.language));
  for (const s of sites.data ?? []) {
    if (s.countryId !== null && !countryOptions.has(s.countryId) && s.countryCode)
      countryOptions.set(s.countryId, countryLabel({ code: s.countryCode, name: s.countryCode }, i18n.language));
  }
  const siteOptions = (sites.data ?? [])
    .filter((s) => view.countryId === undefined || s.countryId === view.countryId)
    .map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }));

  return (
    <Space wrap size="middle">
      <label htmlFor="tmf-group-by">{t('tmfHealth.groupBy')}</label>
      <Select<TmfGroupBy>
        id="tmf-group-by"
        style={{ width: 160 }}
        value={view.groupBy}
        onChange={(groupBy) => onChange({ groupBy })}
        options={TMF_GROUP_BYS.map((g) => ({ value: g, label: t(`tmfHealth.groupBys.${g}`) }))}
      />
      <Select<number>
        id="tmf-country"
        aria-label={t('tmfHealth.country')}
        placeholder={t('tmfHealth.allCountries')}
        style={{ width: 200 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={view.countryId}
        // A site of another country no longer fits the choice.
        onChange={(countryId) => onChange({ countryId: countryId ?? undefined, siteId: undefined })}
        options={[...countryOptions].map(([value, label]) => ({ value, label }))}
      />
      <Select<number>
        id="tmf-site"
        aria-label={t('tmfHealth.site')}
        placeholder={t('tmfHealth.allSites')}
        style={{ width: 220 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={view.siteId}
        onChange={(siteId) => onChange({ siteId: siteId ?? undefined })}
        options={siteOptions}
      />
    </Space>
  );
}
