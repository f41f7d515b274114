import type { ProjectAlertBody, ProjectAlertItem } from '@edoc/contract/alert';
import type { UserInfoModifyBody } from '@edoc/contract/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '@edoc/contract/user-routes';
import { isApiError, call, callUpload } from '../../lib/api-client';

/** Everything of the signed-in user: the personal centre's data, the caller's own only. */
const USER = ['user'] as const;

export const userInfoQuery = queryOptions({
  queryKey: [...USER, 'info'],
  queryFn: () => call(userRoutes.info),
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

export function useModifyUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInfoModifyBody) => call(userRoutes.modifyInfo, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey }),
  });
}

/** The avatar needs the bearer token, so it is fetched as a blob rather than linked in an <img>. */
export function useAvatar(userId: number, avatarUrl: string | null) {
  return useQuery({
    queryKey: [...USER, 'avatar', userId, avatarUrl],
    queryFn: () => call(userRoutes.avatar, { params: { userId } }),
    enabled: Boolean(avatarUrl),
    // A missing picture simply shows the default icon.
    meta: { silentError: true },
  });
}

/** A new avatar changes the user's info (its URL) and the picture: every user query refreshes. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file, file.name);
      return callUpload(userRoutes.uploadAvatar, data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER }),
  });
}

const handwritingQuery = queryOptions({
  queryKey: [...USER, 'handwriting'],
  /** The caller's own signature image, or null when none has been set (the server answers 404). */
  queryFn: async (): Promise<Blob | null> => {
    try {
      return await call(userRoutes.handwriting);
    } catch (error) {
      if (isApiError(error) && error.httpStatus === 404) return null;
      throw error;
    }
  },
});

/** The image, asked only when the user info says there is one (a user without one would log a 404). */
export function useHandwriting() {
  const info = useUserInfo();
  return useQuery({ ...handwritingQuery, enabled: info.data?.hasSignature === true });
}

export function useUploadHandwriting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blob, name }: { blob: Blob; name: string }) => {
      const data = new FormData();
      data.append('file', blob, name);
      return callUpload(userRoutes.uploadHandwriting, data);
    },
    // The user info too: it says whether there is an image to ask for.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER }),
  });
}

const projectAlertsQuery = queryOptions({
  queryKey: [...USER, 'projectAlerts'],
  queryFn: () => call(userRoutes.projectAlerts),
});

export function useProjectAlerts() {
  return useQuery(projectAlertsQuery);
}

/**
 * Saves one project's alert kinds. The box shows its new state at once; a refusal puts the saved state back.
 * `onSaved` runs after every save (a box may be ticked again before the previous save answered).
 */
export function useSaveProjectAlert(onSaved: () => void) {
  const queryClient = useQueryClient();
  const { queryKey } = projectAlertsQuery;
  return useMutation({
    mutationFn: (body: ProjectAlertBody) => call(userRoutes.saveProjectAlert, { body }),
    onMutate: (item) => {
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (rows) =>
        rows?.map((r) => (r.studyId === item.studyId ? { ...r, kinds: item.kinds as ProjectAlertItem['kinds'] } : r)),
      );
      return { before };
    },
    onError: (_error, _item, context) => queryClient.setQueryData(queryKey, context?.before),
    onSuccess: onSaved,
  });
}
