import { errorMessage } from '@edoc/contract/errors';
import type { UploadAuth } from '@edoc/contract/folder';
import { PDF_MAX_BYTES, VIEWABLE_MAX_BYTES, VIEWABLE_TYPES } from '@edoc/contract/limits';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { allowedTypes } from '../../access/document-access.ts';
import { requireFolderKey } from './document.policy.ts';

/**
 * GET /folder/upload/auth: what the upload dialog needs before a byte is sent. The answer is the same rule the
 * upload applies (requireFolderKey 'createDoc', the project's types, the size limits), so the dialog never promises
 * what the upload then refuses. A folder of another project stays "not found".
 */
export async function uploadAuth(deps: Deps, ctx: ProjectContext, folderId: number): Promise<UploadAuth> {
  let reason: string | null = null;
  try {
    if (ctx.readOnly) reason = errorMessage('project_closed', ctx.lang);
    else await requireFolderKey(deps.db, ctx, folderId, 'createDoc');
  } catch (err) {
    if (!(err instanceof AppError) || err.code === 'not_found') throw err;
    // A library folder takes archived documents only: it is "invalid" for an upload, as the create says.
    reason = errorMessage(err.code === 'forbidden' ? 'forbidden' : 'library_folder_upload', ctx.lang);
  }
  return {
    folderId,
    canUpload: reason === null,
    reason,
    allowedTypes: await allowedTypes(deps.db, ctx.projectId),
    maxBytes: { pdf: PDF_MAX_BYTES, viewable: VIEWABLE_MAX_BYTES, other: deps.config.UPLOAD_MAX_BYTES },
    viewableTypes: [...VIEWABLE_TYPES],
  };
}
