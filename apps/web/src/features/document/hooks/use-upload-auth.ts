import type { UploadAuth } from '@edoc/contract/folder';
import { MB } from '@edoc/contract/limits';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { documentRoutes } from '@edoc/contract/document-routes';
import { call } from '../../../lib/api-client';
import { useProjectKey } from '../../../lib/project-query';

/**
 * What the folder takes (GET /folder/upload/auth): whether the user may file documents there, the project's types
 * and the size limits that apply — the server's own rule, so the dialog refuses before sending what the upload would
 * refuse after.
 */
export function useUploadAuth(folderId: number | undefined) {
  const project = useProjectKey();
  return useQuery({
    queryKey: [...project, 'documents', 'upload-auth', folderId],
    queryFn: () => call(documentRoutes.uploadAuth, { query: { folderId } }),
    enabled: folderId !== undefined,
    staleTime: 60_000,
  });
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** "Allowed types: pdf, docx. PDF up to 50 MB, Word, Excel and PowerPoint up to 10 MB, other files up to 512 MB." */
export function uploadRulesText(auth: UploadAuth, t: TFunction): string {
  const types = auth.allowedTypes.length > 0 ? auth.allowedTypes.join(', ') : t('document.upload.anyType');
  return t('document.upload.rules', {
    types,
    pdf: mb(auth.maxBytes.pdf),
    viewable: mb(auth.maxBytes.viewable),
    other: mb(auth.maxBytes.other),
  });
}
