import type {
  ExtendSessionData,
  ForgetPasswordBody,
  LoginBody,
  LoginData,
  ModifyPasswordBody,
} from '@edoc/contract/auth';
import type { Lang } from '@edoc/contract/enums';
import type { NoticeRelease } from '@edoc/contract/notice';
import { useMutation, useQuery, type MutationMeta } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Sign-in calls are public: they must not send a stale token left in the tab.
const PUBLIC = { auth: false } as const;

/** The login page's notice; no notice, or a notice service that is down, never gets in the way of signing in. */
export function useReleasedNotice() {
  return useQuery({
    queryKey: ['auth', 'released-notice'],
    queryFn: () => api.get<NoticeRelease | null>('/notice/system/release', undefined, PUBLIC),
    meta: { silentError: true },
  });
}

export function useLogin(meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: (input: LoginBody) => api.postForm<LoginData>('/login', { ...input }, PUBLIC),
  });
}

/** Best effort: an expired token is already gone, and the local sign-out is what matters to the user. */
export function useLogout() {
  return useMutation({ mutationFn: () => api.postJson<null>('/logout'), meta: { silentError: true } });
}

/** Used both signed out (forced change on the login page) and signed in (personal centre). */
export function useModifyPassword(signedIn = false, meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: (input: ModifyPasswordBody) =>
      api.postForm<null>('/user/modify_password', { ...input }, signedIn ? undefined : PUBLIC),
  });
}

export function useSendResetCode() {
  return useMutation({
    mutationFn: (email: string) => api.get<null>('/user/pwd/verify/code', { email }, PUBLIC),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: (input: ForgetPasswordBody) => api.postForm<null>('/forget_password', { ...input }, PUBLIC),
  });
}

/**
 * The header's language switch: the server answers in the session's language from then on. A failure only means
 * messages stay in the old language, so it is not shown.
 */
export function useSaveSessionLanguage() {
  return useMutation({
    mutationFn: (lang: Lang) => api.postJson<null>('/user/lang', { lang }),
    meta: { silentError: true },
  });
}

/** The idle prompt's "extend". */
export function useExtendSession() {
  return useMutation({ mutationFn: () => api.postJson<ExtendSessionData>('/session/extend') });
}
