import { useState } from 'react';
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectMember } from '@edoc/contract/member';
import { isAdministratorRole, roleNameIn, type RoleItem } from '@edoc/contract/role';
import { SearchableTable } from '../../../components/searchable-table';
import { useProjectKey } from '../../../lib/project-query';
import { useListState } from '../../../lib/use-list-state';
import { MemberFormModal, type MemberCalls } from './member-form-modal';
import { MemberRowActions } from './member-row-actions';
import { rolesQuery } from '../../role/api';
import { sitesQuery, useSites } from '../../site/api';
import { memberCandidatesQuery, useProjectMembers, useRemoveProjectMember, useSaveProjectMember } from '../api';

/** The entered project's members with their roles and sites (a tab of /manage/user). */
export function MembersPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; member?: ProjectMember }>({ open: false });
  const project = useProjectKey();
  // The project administrator's calls for the entered project.
  const calls: MemberCalls<RoleItem> = {
    formName: 'manageMemberForm',
    idPrefix: 'manage-member',
    roles: rolesQuery(project),
    candidates: memberCandidatesQuery(project),
    sites: sitesQuery(project),
    // Shown inside the dialog: user_has_tasks and cannot_change_own_rights explain why nothing changed.
    save: useSaveProjectMember({ silentError: true }),
  };

  const members = useProjectMembers({ pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue });
  const sites = useSites();
  const siteName = new Map((sites.data ?? []).map((s) => [s.siteId, s.shortName || s.name]));

  const removeMember = useRemoveProjectMember();
  const remove = (member: ProjectMember) =>
    removeMember.mutateAsync(member.memberId).then(() => {
      void message.success(t('member.removed', { name: member.userName }));
      list.stepBackIfEmpty(members.data?.data.length ?? 0);
    });

  const columns: TableProps<ProjectMember>['columns'] = [
    { title: t('fields.userName'), dataIndex: 'userName' },
    { title: t('fields.email'), dataIndex: 'email' },
    {
      title: t('fields.roleId'),
      dataIndex: 'roleName',
      render: (name: string, member) => (
        <Tag color={isAdministratorRole(member.roleCode) ? 'blue' : undefined}>
          {roleNameIn(i18n.language, member.roleCode, name)}
        </Tag>
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
      render: (_: unknown, member) => (
        <MemberRowActions
          member={member}
          idPrefix="manage-member"
          removeText={t('memberAdmin.removeConfirmText')}
          onEdit={(m) => setEditing({ open: true, member: m })}
          onRemove={remove}
        />
      ),
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
        searchPlaceholder={t('memberAdmin.searchPlaceholder')}
        emptyText={t('member.empty')}
      />
      <MemberFormModal
        open={editing.open}
        calls={calls}
        member={editing.member}
        onClose={() => setEditing({ open: false })}
      />
    </>
  );
}
