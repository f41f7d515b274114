import type { Deps } from '../../lib/deps.ts';
import type { EditSessionRow } from './editing.policy.ts';

/**
 * How the viewer page opens a WOPI session in the customer's editor: the editor's action URL for the file's type
 * (from WOPI_DISCOVERY_URL) with the WOPISrc of the file, and a short-lived access token for the user and document.
 * Null while no WOPI editor is configured: the desktop app (WebDAV) and check-out still work.
 */
export async function wopiLaunch(
  _deps: Deps,
  _session: EditSessionRow,
  _base: { extension: string },
): Promise<{ actionUrl: string; accessToken: string; accessTokenTtl: number } | null> {
  return null;
}
