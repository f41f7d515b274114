import type { ForgetPasswordBody, LoginBody, ModifyPasswordBody } from '@edoc/contract/auth';
import type { Lang } from '@edoc/contract/enums';
import { useMutation, useQuery, type MutationMeta } from '@tanstack/react-query';
import { authRoutes } from '@edoc/contract/auth-routes';
import { noticeRoutes } from '@edoc/contract/notice-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { call, callForm } from '../../lib/api-client';

// Sign-in calls are public: they must not send a stale token left in the tab.
const PUBLIC = { auth: false } as const;

/** The login page's notice; no notice, or a notice service that is down, never gets in the way of signing in. */
export function useReleasedNotice() {
  return useQuery({
    queryKey: ['auth', 'released-notice'],
    queryFn: () => call(noticeRoutes.release, PUBLIC),
    meta: { silentError: true },
  });
}

export function useLogin(meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: (input: LoginBody) => callForm(authRoutes.login, { body: input, ...PUBLIC }),
  });
}

/** Best effort: an expired token is already gone, and the local sign-out is what matters to the user. */
export function useLogout() {
  return useMutation({ mutationFn: () => call(authRoutes.logout), meta: { silentError: true } });
}

/** Used both signed out (forced change on the login page) and signed in (personal centre). */
export function useModifyPassword(signedIn = false, meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: (input: ModifyPasswordBody) =>
      callForm(authRoutes.modifyPassword, { body: input, ...(signedIn ? undefined : PUBLIC) }),
  });
}

export function useSendResetCode() {
  return useMutation({
    mutationFn: (email: string) => call(authRoutes.verifyCode, { query: { email }, ...PUBLIC }),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: (input: ForgetPasswordBody) => callForm(authRoutes.forgetPassword, { body: input, ...PUBLIC }),
  });
}

/**
 * The header's language switch: the server answers in the session's language from then on. A failure only means
 * messages stay in the old language, so it is not shown.
 */
export function useSaveSessionLanguage() {
  return useMutation({
    mutationFn: (lang: Lang) => call(userRoutes.setLang, { body: { lang } }),
    meta: { silentError: true },
  });
}

/** The idle prompt's "extend". */
export function useExtendSession() {
  return useMutation({ mutationFn: () => call(authRoutes.extendSession) });
}
