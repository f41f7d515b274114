import type { Deps } from '../../lib/deps.ts';
import type { EditSessionRow } from '../../access/edit-lock.ts';
import { actionUrlOf, discoveryOf, editActionOf } from './wopi-discovery.ts';
import { signWopiToken } from './wopi-token.ts';

/** The address the editor fetches and saves a session's file at: WOPISrc. The file id is the session id. */
export const wopiSrcOf = (hostUrl: string, sessionId: number) => `${hostUrl}/wopi/files/${sessionId}`;

/**
 * How the viewer page opens a WOPI session in the customer's editor: the editor's action URL for the file's type
 * (from WOPI_DISCOVERY_URL) with the WOPISrc of the file, and a short-lived access token for the user and document.
 * Null while no WOPI editor is configured, when it cannot be reached, or when it cannot edit this type: the desktop
 * app (WebDAV) and check-out still work. Each call issues a fresh token, so reopening the page renews it.
 */
export async function wopiLaunch(
  deps: Deps,
  session: EditSessionRow,
  base: { extension: string },
): Promise<{ actionUrl: string; accessToken: string; accessTokenTtl: number } | null> {
  const url = deps.config.WOPI_DISCOVERY_URL;
  if (!url) return null;
  // Unreachable editor: the session still opens (its holder can end it or switch to the desktop app).
  const discovery = await discoveryOf(url).catch(() => null);
  const urlsrc = discovery && editActionOf(discovery, base.extension);
  if (!urlsrc) return null;
  const exp = Date.now() + deps.config.WOPI_TOKEN_MINUTES * 60_000;
  return {
    actionUrl: actionUrlOf(urlsrc, wopiSrcOf(deps.config.WOPI_HOST_URL, session.id)),
    accessToken: signWopiToken({ sessionId: session.id, userId: session.userId, documentId: session.documentId, exp }),
    accessTokenTtl: exp,
  };
}
