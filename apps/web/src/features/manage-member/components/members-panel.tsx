import { useState } from 'react';
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tag, type TableProps } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleCode } from '@edoc/contract/enums';
import type { ProjectMember } from '@edoc/contract/member';
import { SearchableTable } from '../../../components/searchable-table';
import { useListState } from '../../../lib/use-list-state';
import { MemberFormModal, type MemberCalls } from '../../project/components/member-form-modal';
import { MemberRowActions } from '../../project/components/member-row-actions';
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
      render: (_: unknown, member) => (
        <MemberRowActions
          member={member}
          idPrefix="manage-member"
          removeText={t('manageMember.removeConfirmText')}
          onEdit={(m) => setEditing({ open: true, member: m })}
          onRemove={(m) => remove.mutateAsync(m)}
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
