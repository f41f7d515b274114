import { useEffect, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { LANGS } from '@edoc/contract/enums';
import { currentLang, LANGUAGE_NAMES } from '../lib/i18n';

interface LanguageMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (key: string) => void;
  /** Called once the menu is drawn: the button inside it is a new one. */
  onShown: () => void;
  /** The switch's button: the menu opens under it. */
  children: ReactElement;
}

/** The language switch's menu, loaded apart from the switch (language-switch.tsx). */
export function LanguageMenu({ open, onOpenChange, onChoose, onShown, children }: LanguageMenuProps) {
  useEffect(onShown, [onShown]);
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        // Each language is named in itself so a reader of the other one can still find it.
        items: LANGS.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], id: `lang-option-${l}` })),
        onClick: ({ key }) => onChoose(key),
      }}
    >
      {children}
    </Dropdown>
  );
}
