import { Badge } from 'antd';
import { usePendingCount } from '../api';

/** The number of my open tasks beside the Home and Pending menu entries; nothing when there are none. */
export function PendingBadge() {
  const count = usePendingCount();
  return (
    <Badge
      count={count}
      overflowCount={99}
      size="small"
      className="menu-pending-badge"
      style={{ boxShadow: 'none', marginInlineStart: 8 }}
    />
  );
}
