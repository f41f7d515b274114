import { DownOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TMF_INDEX_FORMATS, type TmfIndexFormat } from '@edoc/contract/tmf-index';
import { useExportTmfIndex } from '../api';

/**
 * "Export TMF index" (issue 27 part 7), on the TMF health page and the Expected documents page: a menu of its formats
 * (PDF, Excel), each downloading the index narrowed to the country or site the page shows. The tooltip says what the
 * index holds; the menu opens with Enter or Space and its entries are reached with the arrows.
 */
export function IndexMenu({
  scope,
  id,
  disabled,
}: {
  scope: { countryId?: number; siteId?: number };
  /** The button's id, distinct per page. */
  id: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const exporting = useExportTmfIndex(scope, t('tmfHealth.index.fileStem'));
  // The tooltip stays shut while the menu is open: below the button it covered the entries and took their clicks.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={setMenuOpen}
      disabled={disabled}
      menu={{
        'aria-label': t('tmfHealth.index.menu'),
        items: TMF_INDEX_FORMATS.map((format) => ({
          key: format,
          id: `${id}-${format}`,
          label: t(`tmfHealth.exportFormats.${format}`),
        })),
        onClick: ({ key }) => exporting.mutate(key as TmfIndexFormat),
      }}
    >
      <Tooltip title={t('tmfHealth.index.tooltip')} placement="left" open={menuOpen ? false : undefined}>
        <Button id={id} icon={<FileSearchOutlined />} loading={exporting.isPending}>
          {t('tmfHealth.index.button')} <DownOutlined />
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
