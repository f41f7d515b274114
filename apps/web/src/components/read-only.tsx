import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { UserType } from '@edoc/contract/enums';
import { useSession } from '../lib/session';

/**
 * A project's settings page in a closed project (issue 11: read, never changed): every control that would change
 * something is greyed out at once — buttons, fields, switches — and the banner under the header says why. The
 * server refuses such changes anyway (project_closed); this keeps the page from offering them.
 */
export function ClosedReadOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.userType !== UserType.Project || !session.closed) return children;
  return <ConfigProvider componentDisabled>{children}</ConfigProvider>;
}

/** What only reads (a list's search box) stays usable inside a read-only page. */
export function StillReadable({ children }: { children: ReactNode }) {
  return <ConfigProvider componentDisabled={false}>{children}</ConfigProvider>;
}
