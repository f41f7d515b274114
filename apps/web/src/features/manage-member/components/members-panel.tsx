import { useState } from 'react';
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Space, Tag, Tooltip, type TableProps } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleCode } from '@edoc/contract/enums';
import type { ProjectMember } from '@edoc/contract/member';
import { SearchableTable } from '../../../components/searchable-table';
import { useListState } from '../../../lib/use-list-state';
import { useSession } from '../../../lib/session';
import { MemberFormModal, type MemberCalls } from '../../project/components/member-form-modal';
import { listRoles, roleKeys } from '../../role/api';
import { listSites, siteKeys } from '../../site/api';
import {
  addProjectMember,
  listMemberCandidates,
  listProjectMembers,
  manageMemberKeys,
  removeProjectMember,
  updateProjectMember,
} from '../api';

/** The entered project's members with their roles and sites (a tab of /manage/user). */
/** The project administrator's calls for the entered project. */
const CALLS: MemberCalls = {
  formName: 'manageMemberForm',
  idPrefix: 'manage-member',
  roles: { key: roleKeys.list, list: listRoles },
  candidates: { key: manageMemberKeys.candidates, list: listMemberCandidates },
  sites: { key: siteKeys.list, list: listSites },
  add: addProjectMember,
  update: updateProjectMember,
  invalidate: [manageMemberKeys.all, roleKeys.all, siteKeys.all],
};

export function MembersPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; member?: ProjectMember }>({ open: false });

  const members = useQuery({
    queryKey: manageMemberKeys.page(list.pageNum, list.pageSize, list.searchValue),
    queryFn: () =>
      listProjectMembers({ pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue }),
    placeholderData: keepPreviousData,
  });
  const sites = useQuery({ queryKey: siteKeys.list, queryFn: listSites });
  const siteName = new Map((sites.data ?? []).map((s) => [s.siteId, s.shortName || s.name]));

  const remove = useMutation({
    mutationFn: (member: ProjectMember) => removeProjectMember(member.memberId),
    onSuccess: async (_data, member) => {
      void message.success(t('member.removed', { name: member.userName }));
      list.stepBackIfEmpty(members.data?.data.length ?? 0);
      await queryClient.invalidateQueries({ queryKey: manageMemberKeys.all });
    },
  });

  const columns: TableProps<ProjectMember>['columns'] = [
    { title: t('fields.userName'), dataIndex: 'userName' },
    { title: t('fields.email'), dataIndex: 'email' },
    {
      title: t('fields.roleId'),
      dataIndex: 'roleName',
      render: (name: string, member) => (
        <Tag color={member.roleCode === RoleCode.StudyPm ? 'blue' : undefined}>{name}</Tag>
      ),
    },
    {
      title: t('fields.siteIds'),
      dataIndex: 'siteIds',
      render: (ids: number[]) =>
        ids.length ? ids.map((id) => <Tag key={id}>{siteName.get(id) ?? `#${id}`}</Tag>) : t('site.all'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, member) => {
        // SPEC §5: a user cannot change their own rights.
        const own = member.userId === session.userId;
        return (
          <Space size="small">
            <Tooltip title={own ? t('member.ownRights') : undefined}>
              <Button
                id={`manage-member-edit-${member.memberId}`}
                type="link"
                size="small"
                disabled={own}
                onClick={() => setEditing({ open: true, member })}
              >
                {t('member.changeRole')}
              </Button>
            </Tooltip>
            <Popconfirm
              title={t('member.removeConfirm', { name: member.userName })}
              description={t('manageMember.removeConfirmText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync(member).catch(() => undefined)}
            >
              <Button id={`manage-member-remove-${member.memberId}`} type="link" size="small" danger disabled={own}>
                {t('member.remove')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button
          id="manage-member-add"
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setEditing({ open: true })}
        >
          {t('member.add')}
        </Button>
      </Flex>
      <SearchableTable<ProjectMember>
        searchId="manage-member-search"
        tableId="manage-member-table"
        rowKey="memberId"
        columns={columns}
        page={members}
        list={list}
        searchPlaceholder={t('manageMember.searchPlaceholder')}
        emptyText={t('member.empty')}
      />
      <MemberFormModal
        open={editing.open}
        calls={CALLS}
        member={editing.member}
        onClose={() => setEditing({ open: false })}
      />
    </>
  );
}
