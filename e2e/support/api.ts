import { env } from './browser.ts';
import { documentRoutes } from '@edoc/contract/document-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import type { DataRoute, InputArgs, RouteData, RouteInput } from '@edoc/contract/route';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { call, signIn, type CallExtras, type Server } from './http.ts';
import type { TestFile } from '@edoc/test-support/files';

/** The journeys' server (global-setup.ts), as http.ts addresses one. */
export const journeyServer = (): Server => ({ baseUrl: env.baseUrl, databaseUrl: env.databaseUrl });

/**
 * Calls a route of the contract's tables on the journeys' server, as a test client would: its data, typed and
 * checked by the route's response schema; a refusal (`status: false`) throws with the server's message.
 */
export const api = <R extends DataRoute>(
  token: string | null,
  route: R,
  ...input: InputArgs<RouteInput<R> & CallExtras>
): Promise<RouteData<R>> => call(journeyServer(), token, route, ...input);

/** Who signs in: the account's e-mail and password, and the name the pages show. */
export interface Account {
  email: string;
  password: string;
  name: string;
}

/**
 * Signs in through the API (the captcha answered from its hash, as the browser steps do) and, given one, enters the
 * project: the session's token. The sign-in itself is journey 01's and 02's to show in the browser.
 */
export async function apiSignIn(who: Account, projectId?: number): Promise<string> {
  const token = await signIn(journeyServer(), who.email, who.password);
  if (projectId) await api(token, projectEntryRoutes.enter, { body: { studyId: projectId } });
  return token;
}

/** Files a document as an upload does (POST /minio/file/save, multipart): its id. */
export async function upload(
  token: string,
  folderId: number,
  file: TestFile,
  name = file.name.slice(0, file.name.lastIndexOf('.')),
  fields: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  form.set('folderId', String(folderId));
  form.set('name', name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  return (await api(token, documentRoutes.upload, { form })).fileId;
}

/** A document's status as the viewer's answer gives it (GET /file/{id}). */
export const statusOf = async (token: string, fileId: number) =>
  (await api(token, viewerRoutes.detail, { params: { id: fileId } })).status;

/** A document's versions, oldest first (GET /file/version/find_all). */
export async function versionsOf(token: string, fileId: number) {
  const rows = await api(token, documentRoutes.versions, { query: { fileId } });
  return [...rows].sort((a, b) => a.fileVersionId - b.fileVersionId);
}
