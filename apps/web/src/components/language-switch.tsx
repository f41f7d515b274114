import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@edoc/contract/enums';
import { chooseLanguage, currentLang, isLang, LANGUAGE_NAMES } from '../lib/i18n';
import { MenuButton } from './menu-button';

interface LanguageSwitchProps {
  /** Called after the UI switched, e.g. to store the choice on the signed-in session. */
  onChanged?: (lang: Lang) => void;
  /** Light text for dark backgrounds. */
  tone?: 'default' | 'light';
}

/**
 * The menu is part of the page, not loaded later (issue 16 tried that, saving about 23 kB on the login page): the
 * button had to be replaced by the menu's own when the menu arrived, and a click whose press and release fell on
 * either side of that lost itself (seen in CI under load).
 */
export function LanguageSwitch({ onChanged, tone = 'default' }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const choose = async (key: string) => {
    if (!isLang(key) || key === lang) return;
    await chooseLanguage(key);
    onChanged?.(key);
  };
  return (
    <MenuButton
      menu={{
        selectable: true,
        selectedKeys: [lang],
        // Each language is named in itself so a reader of the other one can still find it.
        items: LANGS.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], id: `lang-option-${l}` })),
        onClick: ({ key }) => void choose(key),
      }}
    >
      <Button
        id="lang-switch"
        type="text"
        icon={<GlobalOutlined />}
        // Its name begins with what it shows (WCAG 2.5.3, label in name), and says what it is for.
        aria-label={`${LANGUAGE_NAMES[lang]} (${t('common.language')})`}
        style={tone === 'light' ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {LANGUAGE_NAMES[lang]}
      </Button>
    </MenuButton>
  );
}
