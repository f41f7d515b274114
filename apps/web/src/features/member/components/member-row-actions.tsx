import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectMember } from '@edoc/contract/member';
import { useSession } from '../../../lib/session';

/**
 * Change role / remove on a member row, for the company administrator's and the project administrator's pages.
 * SPEC §5: a user cannot change their own rights, so both are disabled on one's own row.
 */
export function MemberRowActions(props: {
  member: ProjectMember;
  /** Element ids: `#<idPrefix>-edit-<memberId>`, `#<idPrefix>-remove-<memberId>`. */
  idPrefix: string;
  removeText: string;
  onEdit: (member: ProjectMember) => void;
  onRemove: (member: ProjectMember) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { member } = props;
  const own = member.userId === session.userId;
  return (
    <Space size="small">
      <Tooltip title={own ? t('member.ownRights') : undefined}>
        <Button
          id={`${props.idPrefix}-edit-${member.memberId}`}
          type="link"
          size="small"
          disabled={own}
          onClick={() => props.onEdit(member)}
        >
          {t('member.changeRole')}
        </Button>
      </Tooltip>
      <Popconfirm
        title={t('member.removeConfirm', { name: member.userName })}
        description={props.removeText}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() => props.onRemove(member).catch(() => undefined)}
      >
        <Button id={`${props.idPrefix}-remove-${member.memberId}`} type="link" size="small" danger disabled={own}>
          {t('member.remove')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
