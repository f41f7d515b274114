import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { stopIdle } from '../../lib/idle-timer';
import { clearSession } from '../../lib/session';
import { useLogout } from './api';

/** Revokes the token on the server (best effort: an expired one is already gone) and forgets everything locally. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: logout } = useLogout();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local sign-out below is what matters to the user; the server expires the token anyway.
    }
    clearSession();
    stopIdle();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  }, [logout, navigate, queryClient]);
}
