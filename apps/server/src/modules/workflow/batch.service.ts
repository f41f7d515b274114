import type { BatchAnswer, BatchBody } from '@edoc/contract/workflow-requests';
import { errorMessage } from '@edoc/contract/errors';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { decide } from './decide.service.ts';
import { sendDocument } from './send.service.ts';
import { verifySigner } from './e-signature.service.ts';

/**
 * POST /file/batch/a: one route for many documents, or one pass for many of my tasks. Each document is its own
 * transaction, checked on its own; the answer says which went through and why the others did not. A signature is
 * verified once for the batch (one re-entry of the password), then signed per document.
 */
export async function runBatch(deps: Deps, ctx: ProjectContext, body: BatchBody) {
  const signer = body.action === 'pass' && body.signature ? await verifySigner(deps, ctx, body.signature) : null;
  const results: BatchAnswer['results'] = [];
  for (const fileId of new Set(body.fileIds)) {
    try {
      await deps.db.transaction((tx) =>
        body.action === 'send'
          ? sendDocument(tx, ctx, { body: { fileId, stages: body.stages }, blobs: deps.blobs })
          : decide(tx, ctx, { fileId, body: { pass: true, comment: body.comment }, signer }),
      );
      results.push({ fileId, ok: true, errorCode: null, msg: null });
    } catch (err) {
      // Only a refusal is this document's answer; anything else is a fault of the whole call.
      if (!(err instanceof AppError)) throw err;
      results.push({ fileId, ok: false, errorCode: err.code, msg: errorMessage(err.code, ctx.lang, err.params) });
    }
  }
  return { results };
}
