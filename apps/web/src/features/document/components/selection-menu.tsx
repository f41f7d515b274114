import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../../components/menu-button';

/**
 * The toolbar's menu for the selected rows (issue 12): their count, and the actions valid for every one of them;
 * the same menu opens on a right click on a selected row. Clearing the selection is one click beside it.
 */
export function SelectionMenu({ count, menu, onClear }: { count: number; menu: MenuProps; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Space.Compact>
      <MenuButton menu={menu}>
        <Button id="document-selection" type="primary" ghost>
          {t('document.selection.count', { count })} <DownOutlined />
        </Button>
      </MenuButton>
      <Button
        id="document-selection-clear"
        icon={<CloseOutlined />}
        aria-label={t('document.selection.clear')}
        title={t('document.selection.clear')}
        onClick={onClear}
      />
    </Space.Compact>
  );
}
