import { Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportView } from '@edoc/contract/exchange-import';

/**
 * The import's options: create the countries and sites the package names and the project lacks, each with what it
 * would create (when the server says; else the rule in words). Unticked, such objects keep their problem.
 */
export function ImportOptions(props: {
  item: ImportView;
  disabled: boolean;
  onChange: (options: { createCountries?: boolean; createSites?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const missing = props.item.missing;
  const what = (list: string[] | undefined) =>
    list === undefined
      ? t('exchangeImport.options.unknown')
      : list.length === 0
        ? t('exchangeImport.options.nothingMissing')
        : t('exchangeImport.options.willCreate', { list: list.join(', ') });
  const sites = missing?.sites.map((s) => (s.name ? `${s.siteId} ${s.name}` : s.siteId));
  return (
    <Space orientation="vertical" size={4} id="exchange-import-options">
      <Typography.Text strong>{t('exchangeImport.options.title')}</Typography.Text>
      <Checkbox
        id="exchange-option-countries"
        checked={props.item.options.createCountries}
        disabled={props.disabled}
        onChange={(e) => props.onChange({ createCountries: e.target.checked })}
      >
        {t('exchangeImport.options.createCountries')}
      </Checkbox>
      <Typography.Text type="secondary" id="exchange-option-countries-what" style={{ marginInlineStart: 24 }}>
        {what(missing?.countries)}
      </Typography.Text>
      <Checkbox
        id="exchange-option-sites"
        checked={props.item.options.createSites}
        disabled={props.disabled}
        onChange={(e) => props.onChange({ createSites: e.target.checked })}
      >
        {t('exchangeImport.options.createSites')}
      </Checkbox>
      <Typography.Text type="secondary" id="exchange-option-sites-what" style={{ marginInlineStart: 24 }}>
        {what(sites)}
      </Typography.Text>
    </Space>
  );
}
