import { handwritingData, HANDWRITING_MAX_BYTES } from '@edoc/contract/user';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA, type RawAnswer } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';
import { BlobTooLargeError } from '../../storage/blob-store.ts';
import { handwritingTypeOf, readHandwriting, setHandwriting } from './handwriting.service.ts';
import { fileOnly } from '@edoc/contract/fields';
import { commitUpload } from '../../storage/blob-sweep.ts';

// Its type is told from its first bytes again (readHandwriting): octets only should they be no image.
const handwritingImage: RawAnswer = {
  raw: [MEDIA.png, MEDIA.jpeg, MEDIA.octets],
  description: "The caller's signature image.",
};

/** Personal centre, the handwritten signature image: each user sets and sees only their own image. */
export function handwritingRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/user/signature', { access: 'signedIn', response: handwritingImage }, async ({ ctx, reply }) => {
    const image = await readHandwriting(deps, ctx.auth.user.id);
    return reply.type(image.type).header('Cache-Control', 'private, no-cache').send(image.body);
  });

  post(
    '/user/signature/a',
    { access: 'signedIn', multipart: fileOnly, response: handwritingData },
    async ({ ctx, request }) => {
      const part = await request.file({ limits: { fileSize: HANDWRITING_MAX_BYTES, files: 1 } });
      if (!part) fail('required', { field: 'file' });
      const stored = await deps.blobs.put(part.file, { maxBytes: HANDWRITING_MAX_BYTES }).catch((err: unknown) => {
        if (err instanceof BlobTooLargeError) fail('file_too_large');
        throw err;
      });
      await commitUpload(deps, stored.sha256, async () => {
        if (part.file.truncated) fail('file_too_large');
        if (!handwritingTypeOf(stored.head)) fail('file_type_not_allowed');
        await setHandwriting(deps, ctx, stored.sha256);
      });
      return { version: stored.sha256.slice(0, 8) };
    },
  );
}
