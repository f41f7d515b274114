import type { UserInfo, UserInfoModifyBody } from '@edoc/contract/user';
import { api } from '../../lib/api-client';

export const userKeys = {
  info: ['user', 'info'] as const,
  avatar: (userId: number, version: string | null) => ['user', 'avatar', userId, version] as const,
};

export function fetchUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>('/user/info');
}

export function modifyUserInfo(body: UserInfoModifyBody): Promise<unknown> {
  return api.postJson<unknown>('/user/info/modify/a', body);
}

export function uploadAvatar(file: Blob, fileName: string): Promise<{ avatarUrl: string }> {
  const data = new FormData();
  data.append('file', file, fileName);
  return api.upload<{ avatarUrl: string }>('/user/avatar', data);
}

/** The avatar needs the bearer token, so it is fetched as a blob rather than linked in an <img>. */
export function fetchAvatar(userId: number): Promise<Blob> {
  return api.blob(`/user/avatar/${userId}`);
}
