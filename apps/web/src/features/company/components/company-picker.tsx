import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../api';

interface CompanyPickerProps {
  value: number | null;
  onChange: (companyId: number | null) => void;
}

/** The system administrator's choice of company on the details and users pages. */
export function CompanyPicker({ value, onChange }: CompanyPickerProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  return (
    <Select<number>
      id="company-picker"
      style={{ width: 280 }}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={companies.isFetching}
      placeholder={t('company.pickPlaceholder')}
      aria-label={t('company.pickPlaceholder')}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      options={(companies.data?.data ?? []).map((c) => ({
        value: c.companyId,
        label: c.enabled ? c.companyName : `${c.companyName} (${t('company.statusDisabled')})`,
      }))}
    />
  );
}
