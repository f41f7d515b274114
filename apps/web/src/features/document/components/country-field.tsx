import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { countryLabel, useCountries } from '../../country/api';
import { useSites } from '../../site/api';

/**
 * A country-level document's country (issue 27 part 4): the project's countries. Any member reads the sites, whose
 * countries are offered; a project administrator (the only one who may read /manage/country/list) also gets the
 * countries without a site yet. Empty: a trial-level document.
 */
export function CountryField({ open, id }: { open: boolean; id: string }) {
  const { t, i18n } = useTranslation();
  const { fullAccess } = useSession();
  const sites = useSites({ enabled: open });
  const countries = useCountries({ enabled: open && fullAccess });
  const options = useMemo(() => {
    const byId = new Map<number, { code: string; name: string }>();
    for (const c of countries.data ?? []) byId.set(c.id, c);
    for (const s of sites.data ?? [])
      if (s.countryId !== null && s.countryCode && !byId.has(s.countryId))
        byId.set(s.countryId, { code: s.countryCode, name: s.countryCode });
    return [...byId.entries()]
      .map(([value, c]) => ({ value, label: countryLabel(c, i18n.language) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [countries.data, sites.data, i18n.language]);

  return (
    <Form.Item
      name="countryId"
      label={t('document.field.country')}
      extra={t('document.field.countryHelp')}
      htmlFor={id}
    >
      <Select<number>
        id={id}
        allowClear
        showSearch
        optionFilterProp="label"
        loading={sites.isFetching || countries.isFetching}
        placeholder={t('document.field.countryNone')}
        notFoundContent={t('document.field.countryNoOptions')}
        options={options}
      />
    </Form.Item>
  );
}
