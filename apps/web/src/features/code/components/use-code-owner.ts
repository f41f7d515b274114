import type { CodeScope } from '@edoc/contract/code';
import { useSession } from '../../../lib/session';

/** Whose dictionary a page shows: the managed company's, or the entered project's. */
export function useCodeOwner(scope: CodeScope): number | null {
  const session = useSession();
  return scope === 'company' ? session.companyId : session.projectId;
}
