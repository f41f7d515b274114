import { noData } from '@edoc/contract/envelope';
import { fileOnly, idParam } from '@edoc/contract/fields';
import { commitUpload } from '../../storage/blob-sweep.ts';
import { AVATAR_MAX_BYTES } from '@edoc/contract/limits';
import { avatarData, langBody, userInfo, userInfoModifyBody } from '@edoc/contract/user';
import { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { authenticateSession, sessionIdOf } from '../../plugins/auth.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { userInfoOf, imageTypeOf, modifyUserInfo, readAvatar, setAvatar, setSessionLang } from './user.service.ts';

export function userRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/user/info', { access: 'signedIn', response: userInfo }, ({ ctx }) => userInfoOf(ctx.auth));

  post(
    '/user/info/modify/a',
    { access: 'signedIn', body: userInfoModifyBody, response: userInfo },
    async ({ ctx, body }) => {
      await modifyUserInfo(deps, ctx, body);
      return userInfoOf(await authenticateSession(deps.db, sessionIdOf(ctx.auth)));
    },
  );

  post('/user/lang', { access: 'signedIn', body: langBody, response: noData }, async ({ ctx, body }) => {
    await setSessionLang(deps, ctx.auth, body.lang);
    return null;
  });

  post('/user/avatar', { access: 'signedIn', multipart: fileOnly, response: avatarData }, async ({ ctx, request }) => {
    const userId = ctx.auth.user.id;
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part) fail('required', { field: 'file' });
    const stored = await deps.blobs.put(part.file, { maxBytes: AVATAR_MAX_BYTES }).catch((err: unknown) => {
      if (err instanceof BlobTooLargeError) fail('file_too_large');
      throw err;
    });
    await commitUpload(deps, stored.sha256, async () => {
      const type = imageTypeOf(stored.head);
      if (!type) fail('file_type_not_allowed');
      if (part.file.truncated) fail('file_too_large');
      await setAvatar(deps, ctx, { sha256: stored.sha256, type });
    });
    return { avatarUrl: `/edoc/user/avatar/${userId}?v=${stored.sha256.slice(0, 8)}` };
  });

  get(
    '/user/avatar/:userId',
    {
      access: 'signedIn',
      params: z.object({ userId: idParam }),
      // The types imageTypeOf accepts at upload.
      response: { raw: [MEDIA.png, MEDIA.jpeg, MEDIA.gif, MEDIA.webp], description: "The user's avatar image." },
    },
    async ({ ctx, params, reply }) => {
      const avatar = await readAvatar(deps, ctx.auth, params.userId);
      return reply.type(avatar.type).header('Cache-Control', 'private, max-age=86400').send(avatar.stream);
    },
  );
}
