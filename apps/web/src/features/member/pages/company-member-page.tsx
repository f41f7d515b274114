import { useState } from 'react';
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdministratorRole, roleNameIn } from '@edoc/contract/role';
import { compareText } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import type { ProjectMember } from '@edoc/contract/member';
import { MemberFormModal, type MemberCalls } from '../components/member-form-modal';
import { MemberRowActions } from '../components/member-row-actions';
import { ProjectPicker } from '../../project/components/project-picker';
import {
  companyCandidatesQuery,
  companyProjectRolesQuery,
  companyProjectSitesQuery,
  useCompanyMembers,
  useRemoveCompanyMember,
  useSaveCompanyMember,
} from '../company-member-api';

function Members({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; member?: ProjectMember }>({ open: false });

  const members = useCompanyMembers(projectId);
  const calls: MemberCalls = {
    formName: 'memberForm',
    idPrefix: 'member',
    roles: companyProjectRolesQuery(projectId),
    candidates: companyCandidatesQuery(projectId),
    sites: companyProjectSitesQuery(projectId),
    // Shown inside the dialog: user_has_tasks and cannot_change_own_rights explain why nothing changed.
    save: useSaveCompanyMember(projectId, { silentError: true }),
  };
  const removeMember = useRemoveCompanyMember(projectId);
  const remove = (member: ProjectMember) =>
    removeMember
      .mutateAsync(member.memberId)
      .then(() => void message.success(t('member.removed', { name: member.userName })));

  const columns: TableProps<ProjectMember>['columns'] = [
    {
      title: t('fields.userName'),
      dataIndex: 'userName',
      sorter: (a, b) => compareText(a.userName, b.userName),
      defaultSortOrder: 'ascend',
    },
    { title: t('fields.email'), dataIndex: 'email', sorter: (a, b) => compareText(a.email, b.email) },
    {
      title: t('fields.roleId'),
      dataIndex: 'roleName',
      sorter: (a, b) => compareText(a.roleName, b.roleName),
      render: (name: string, member) => (
        <Tag color={isAdministratorRole(member.roleCode) ? 'blue' : undefined}>
          {roleNameIn(i18n.language, member.roleCode, name)}
        </Tag>
      ),
    },
    {
      title: t('fields.siteIds'),
      dataIndex: 'siteIds',
      render: (ids: number[]) => (ids.length ? ids.map((id) => <Tag key={id}>#{id}</Tag>) : t('member.noSite')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, member) => (
        <MemberRowActions
          member={member}
          idPrefix="member"
          removeText={t('member.removeConfirmText')}
          onEdit={(m) => setEditing({ open: true, member: m })}
          onRemove={remove}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('member.title')}
      variant="borderless"
      extra={
        <Button id="member-add" type="primary" icon={<UserAddOutlined />} onClick={() => setEditing({ open: true })}>
          {t('member.add')}
        </Button>
      }
    >
      <Table<ProjectMember>
        id="member-table"
        rowKey="memberId"
        size="middle"
        loading={members.isFetching}
        columns={columns}
        dataSource={members.data ?? []}
        pagination={{ hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('member.empty')} /> }}
      />
      <MemberFormModal
        open={editing.open}
        calls={calls}
        member={editing.member}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}

/** SPEC §2 /company/project/user: members of one project (?studyId=), with their roles and sites. */
export function CompanyMemberPage() {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useIdParam('studyId');
  return (
    <Flex vertical gap={24}>
      <Card variant="borderless" size="small">
        <Flex align="center" gap={12} wrap>
          <span>{t('member.pickLabel')}</span>
          <ProjectPicker value={projectId} onChange={setProjectId} />
        </Flex>
      </Card>
      {projectId == null ? (
        <Card variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('member.pickFirst')} />
        </Card>
      ) : (
        <Members key={projectId} projectId={projectId} />
      )}
    </Flex>
  );
}
