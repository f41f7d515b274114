import type { ForgetPasswordBody, LoginBody, ModifyPasswordBody } from '@edoc/contract/auth';
import type { Lang } from '@edoc/contract/enums';
import { authRoutes } from '@edoc/contract/auth-routes';
import { noticeRoutes } from '@edoc/contract/notice-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { call, callForm } from '../../lib/api-client';
import { useCall, useLoad, type CallMeta } from '../../lib/use-call';

// The login page's calls go through lib/use-call, not react-query: that page loads without it (issue 30).
// Sign-in calls are public: they must not send a stale token left in the tab.
const PUBLIC = { auth: false } as const;

/** The login page's notice; no notice, or a notice service that is down, never gets in the way of signing in. */
export function useReleasedNotice() {
  return useLoad('released-notice', () => call(noticeRoutes.release, PUBLIC), { silentError: true });
}

export function useLogin(meta?: CallMeta) {
  return useCall((input: LoginBody) => callForm(authRoutes.login, { body: input, ...PUBLIC }), meta);
}

/** Best effort: an expired token is already gone, and the local sign-out is what matters to the user. */
export function useLogout() {
  return useCall(() => call(authRoutes.logout), { silentError: true });
}

/** Used both signed out (forced change on the login page) and signed in (personal centre). */
export function useModifyPassword(signedIn = false, meta?: CallMeta) {
  return useCall(
    (input: ModifyPasswordBody) =>
      callForm(authRoutes.modifyPassword, { body: input, ...(signedIn ? undefined : PUBLIC) }),
    meta,
  );
}

export function useSendResetCode() {
  return useCall((email: string) => call(authRoutes.verifyCode, { query: { email }, ...PUBLIC }));
}

export function useForgetPassword() {
  return useCall((input: ForgetPasswordBody) => callForm(authRoutes.forgetPassword, { body: input, ...PUBLIC }));
}

/**
 * The header's language switch: the server answers in the session's language from then on. A failure only means
 * messages stay in the old language, so it is not shown.
 */
export function useSaveSessionLanguage() {
  return useCall((lang: Lang) => call(userRoutes.setLang, { body: { lang } }), { silentError: true });
}

/** The idle prompt's "extend". */
export function useExtendSession() {
  return useCall(() => call(authRoutes.extendSession));
}
