import type { KeyboardEvent, MouseEvent } from 'react';
import { Modal, type ModalProps } from 'antd';
import { focusMainIfLost } from '../lib/main-region';

/** The fields a dialog's focus may start on; a date field is left out, as focusing it opens its calendar. */
const FIELDS = 'input:not([type=hidden]):not([type=file]):not([disabled]), textarea:not([disabled])';

/**
 * On opening, antd puts the focus on the dialog's box (a field's autoFocus fired when a dialog drawn in advance was
 * mounted, hidden): it moves to the first field, where the user types, unless the user has already moved it.
 */
function focusFirstField() {
  const box = document.activeElement;
  if (!(box instanceof HTMLElement) || !box.classList.contains('ant-modal')) return;
  const field = box.querySelector<HTMLElement>(`.ant-modal-body :is(${FIELDS})`);
  if (field && !field.closest('.ant-picker')) field.focus();
}

/**
 * Every dialog of the app: antd's Modal, closed by Escape (issue 31). antd closes the dialog on top of its one
 * list of open layers, but a dialog drawn in advance (`forceRender`, so its form exists before it opens) joins that
 * list when the page is drawn, not when it opens: the last one drawn on the page stayed "on top", closed or not, and
 * Escape closed nothing else. Here Escape pressed in the dialog closes it (Cancel's effect: not while it is saving),
 * its first field takes the focus, and closing gives the focus back to what opened it (antd's own), or to the
 * page's main region when that is gone.
 */
export function Dialog({ keyboard = true, wrapProps, afterOpenChange, afterClose, ...props }: ModalProps) {
  const wrap = (wrapProps ?? {}) as { onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void };
  return (
    <Modal
      {...props}
      keyboard={false}
      wrapProps={{
        ...wrap,
        onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
          wrap.onKeyDown?.(event);
          // An open list inside the dialog (a select's) takes its own Escape and stops it; an IME's Escape is its.
          if (!keyboard || event.key !== 'Escape' || event.nativeEvent.isComposing) return;
          event.stopPropagation();
          if (!props.confirmLoading) props.onCancel?.(event as unknown as MouseEvent<HTMLButtonElement>);
        },
      }}
      afterClose={() => {
        // The opener is gone or disabled now (a row passed, a selection cleared): the page's content has the focus.
        focusMainIfLost();
        afterClose?.();
      }}
      afterOpenChange={(open) => {
        if (open) focusFirstField();
        afterOpenChange?.(open);
      }}
    />
  );
}
