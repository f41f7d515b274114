import type { CaptchaResponse, LoginData } from '@edoc/contract/auth';
import type { Lang } from '@edoc/contract/enums';
import type { NoticeRelease } from '@edoc/contract/notice';
import { api } from '../../lib/api-client';

// Sign-in calls are public: they must not send a stale token left in the tab.
const PUBLIC = { auth: false } as const;

export interface LoginInput {
  email: string;
  password: string;
  captchaId: string;
  captchaCode: string;
  lang: Lang;
}

export function fetchCaptcha(): Promise<CaptchaResponse> {
  return api.get<CaptchaResponse>('/captcha', undefined, PUBLIC);
}

export function login(input: LoginInput): Promise<LoginData> {
  return api.postForm<LoginData>('/login', { ...input }, PUBLIC);
}

export function logout(): Promise<unknown> {
  return api.postJson<unknown>('/logout');
}

export interface ModifyPasswordInput {
  email: string;
  password: string;
  newPassword: string;
}

/** Used both signed out (forced change on the login page) and signed in (personal centre). */
export function modifyPassword(input: ModifyPasswordInput, signedIn = false): Promise<unknown> {
  return api.postForm<unknown>('/user/modify_password', { ...input }, signedIn ? undefined : PUBLIC);
}

export function sendResetCode(email: string): Promise<unknown> {
  return api.get<unknown>('/user/pwd/verify/code', { email }, PUBLIC);
}

export interface ForgetPasswordInput {
  email: string;
  code: string;
  newPassword: string;
}

export function forgetPassword(input: ForgetPasswordInput): Promise<unknown> {
  return api.postForm<unknown>('/forget_password', { ...input }, PUBLIC);
}

export function fetchReleasedNotice(): Promise<NoticeRelease | null> {
  return api.get<NoticeRelease | null>('/notice/system/release', undefined, PUBLIC);
}

export function saveSessionLanguage(lang: Lang): Promise<unknown> {
  return api.postJson<unknown>('/user/lang', { lang });
}

export function extendSession(): Promise<{ idleSeconds: number }> {
  return api.postJson<{ idleSeconds: number }>('/session/extend');
}
