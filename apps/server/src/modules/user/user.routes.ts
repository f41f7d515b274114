import { idParam } from '@edoc/contract/fields';
import { AVATAR_MAX_BYTES } from '@edoc/contract/limits';
import { langBody, userInfoModifyBody } from '@edoc/contract/user';
import { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { ok } from '../../lib/reply.ts';
import { caller } from '../../plugins/auth.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { actorOf } from '../trail/trail.service.ts';
import { getUserInfo, imageTypeOf, modifyUserInfo, readAvatar, setAvatar, setSessionLang } from './user.service.ts';

export function userRoutes(api: Api, deps: Deps): void {
  api.get('/user/info', async (request) => ok(await getUserInfo(deps, caller(request))));

  api.post('/user/info/modify/a', { schema: { body: userInfoModifyBody } }, async (request) => {
    await modifyUserInfo(deps, caller(request).user.id, request.body, actorOf(request));
    return ok(await getUserInfo(deps, caller(request)));
  });

  api.post('/user/lang', { schema: { body: langBody } }, async (request) => {
    await setSessionLang(deps, caller(request), request.body.lang);
    return ok(null);
  });

  api.post('/user/avatar', async (request) => {
    const auth = caller(request);
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part) fail('required', { field: 'file' });
    const stored = await deps.blobs.put(part.file, { maxBytes: AVATAR_MAX_BYTES }).catch((err: unknown) => {
      if (err instanceof BlobTooLargeError) fail('file_too_large');
      throw err;
    });
    // An unreferenced blob left by a refused image is removed by the orphan sweep.
    const type = imageTypeOf(stored.head);
    if (!type) fail('file_type_not_allowed');
    if (part.file.truncated) fail('file_too_large');
    await setAvatar(deps, auth.user.id, { sha256: stored.sha256, type }, actorOf(request));
    return ok({ avatarUrl: `/edoc/user/avatar/${auth.user.id}?v=${stored.sha256.slice(0, 8)}` });
  });

  api.get('/user/avatar/:userId', { schema: { params: z.object({ userId: idParam }) } }, async (request, reply) => {
    const avatar = await readAvatar(deps, caller(request), request.params.userId);
    return reply.type(avatar.type).header('Cache-Control', 'private, max-age=86400').send(avatar.stream);
  });
}
