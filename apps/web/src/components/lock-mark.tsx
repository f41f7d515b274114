import { LockOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditHolder } from '@edoc/contract/editing';
import { formatDateTime, nameBeforeChinese } from '../lib/format';
import { useSession } from '../lib/session';

/**
 * Why a locked document's changes are unavailable, naming who holds the lock (issue 26, item 6): an open edit session
 * (a check-out, an editor) withholds changing, sending and deleting from everyone until it ends, its holder included.
 */
export function useLockText() {
  const { t, i18n } = useTranslation();
  const { userId } = useSession();
  return (lock: EditHolder) =>
    lock.userId === userId
      ? t(`lock.mine.${lock.mode}`, { since: formatDateTime(lock.startedAt) })
      : t(`lock.theirs.${lock.mode}`, {
          name: nameBeforeChinese(lock.userName, i18n.language),
          since: formatDateTime(lock.startedAt),
        });
}

/** A lock beside a locked document's name, its holder in the tooltip. */
export function LockMark({ lock, id }: { lock: EditHolder; id?: string }) {
  const text = useLockText()(lock);
  return (
    <Tooltip title={text}>
      <LockOutlined id={id} aria-label={text} role="img" style={{ color: '#fa8c16' }} />
    </Tooltip>
  );
}
