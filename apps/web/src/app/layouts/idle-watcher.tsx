import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useExtendSession } from '../../features/auth/api';
import { dismissIdlePrompt, idleRemaining, resetIdle, stopIdle, useIdleRemaining } from '../../lib/idle-timer';
import { clearSession } from '../../lib/session';
import { Dialog } from '../../components/dialog';

/** SPEC §4 idle timer: asks to extend shortly before the end and signs the tab out at zero. */
export function IdleWatcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { remaining, promptDue } = useIdleRemaining();
  const expired = useRef(false);

  // Entering a signed-in area starts the clock from the session's idle time.
  useEffect(() => {
    resetIdle();
  }, []);

  useEffect(() => {
    // Re-check the live clock: a request may have just reset the timer after this render was computed.
    if (remaining !== 0 || idleRemaining() !== 0 || expired.current) return;
    expired.current = true;
    clearSession();
    stopIdle();
    queryClient.clear();
    void message.warning(t('idle.expired'));
    void navigate(paths.login, { replace: true });
  }, [remaining, message, navigate, queryClient, t]);

  const extendSession = useExtendSession();
  const extend = {
    isPending: extendSession.isPending,
    mutate: () => extendSession.mutate(undefined, { onSuccess: (data) => resetIdle(data.idleSeconds) }),
  };

  return (
    <Dialog
      open={promptDue}
      title={t('idle.title')}
      okText={t('idle.extend')}
      cancelText={t('common.cancel')}
      confirmLoading={extend.isPending}
      onOk={() => extend.mutate()}
      onCancel={dismissIdlePrompt}
      mask={{ closable: false }}
      wrapClassName="idle-prompt"
    >
      <p id="idle-prompt-text">{t('idle.question')}</p>
    </Dialog>
  );
}
