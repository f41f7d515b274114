import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes are not lost by a click elsewhere: leaving the page in the app (a menu, a link, the back button)
 * asks first, and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void modal.confirm({
      title: t('tmfModel.leaveConfirm'),
      content: t('tmfModel.leaveConfirmText'),
      okText: t('tmfModel.leave'),
      cancelText: t('tmfModel.stay'),
      okButtonProps: { id: 'tmf-model-leave-ok', danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
