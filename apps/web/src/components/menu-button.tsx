import { cloneElement, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { Dropdown, type DropdownProps, type MenuProps } from 'antd';

type TriggerProps = {
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * A button that opens a menu, as the ARIA authoring practices' menu button (issue 31): Enter, Space or ArrowDown on
 * the button open the menu with the focus on its first item, the arrows move through it (antd's menu), Escape or
 * Tab close it, and the focus goes back to the button — also when an item is chosen, so that a dialog the item opens
 * gives the focus back to the button when it closes. antd's Dropdown alone opens on Enter but leaves the focus on the
 * button, ignores ArrowDown, and drops the focus on <body> when the menu closes from inside.
 */
export function MenuButton({
  menu,
  children,
  ...dropdown
}: Omit<DropdownProps, 'menu' | 'children' | 'open' | 'onOpenChange' | 'trigger' | 'autoFocus'> & {
  menu: MenuProps;
  /** The button; it keeps its own handlers. */
  children: ReactElement<TriggerProps>;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLElement | null>(null);
  // The focus is in the menu (or lost with it): it goes back to the button, where the user was.
  const refocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.ant-dropdown')) button.current?.focus();
  };
  const close = () => {
    refocus();
    setOpen(false);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      button.current = event.currentTarget;
      own.onFocus?.(event);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      button.current = event.currentTarget;
      if (event.key === 'ArrowDown' && !open) {
        event.preventDefault();
        setOpen(true);
      }
      own.onKeyDown?.(event);
    },
  } as TriggerProps);
  return (
    <Dropdown
      {...dropdown}
      trigger={['click']}
      open={open}
      autoFocus
      // Drawn anew at each opening, so that the focus starts on the first item, not on the one chosen last time.
      destroyOnHidden
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      menu={{
        ...menu,
        // Escape and Tab are antd's too, but through its one list of open layers, which a page's hidden dialogs may
        // head (see Dialog): the menu closes them itself. Tab then moves on from the button.
        onKeyDown: (event) => {
          menu.onKeyDown?.(event);
          if ((event.key === 'Escape' || event.key === 'Tab') && !event.nativeEvent.isComposing) close();
        },
        onClick: (info) => {
          close();
          menu.onClick?.(info);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}
