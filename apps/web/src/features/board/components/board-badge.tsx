import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoardUnread } from '../api';

const style = { boxShadow: 'none', marginInlineStart: 8 };

/**
 * Beside the Message board menu entry: the number of topics with posts the user has not seen, and an orange dot
 * while a mention waits (counted on the board's Mentions tab: a mention is usually in an unread topic, so one sum
 * would count it twice, and two numbers do not fit beside the English label).
 */
export function BoardBadge() {
  const { t } = useTranslation();
  const unread = useBoardUnread().data;
  return (
    <>
      <Badge count={unread?.topics ?? 0} overflowCount={99} size="small" className="menu-board-badge" style={style} />
      {unread?.mentions ? (
        <span className="menu-mention-badge" title={t('board.unreadMentions', { count: unread.mentions })}>
          <Badge dot color="orange" style={{ marginInlineStart: 4 }} />
        </span>
      ) : null}
    </>
  );
}
