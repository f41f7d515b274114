import { stopIdle } from '../../lib/idle-timer';
import { queryClient } from '../../lib/query-client';
import { clearSession } from '../../lib/session';

/**
 * SPEC §2: opening the login page ends any session in this tab and drops cached data. Done in the
 * route loader so it happens before the page's own queries (captcha, notice) start.
 */
export function loginLoader(): null {
  clearSession();
  stopIdle();
  queryClient.clear();
  return null;
}
