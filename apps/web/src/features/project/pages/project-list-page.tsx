import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectItem } from '@edoc/contract/project';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useProjects, useSetProjectClosed } from '../api';
import { ProjectFormModal } from '../components/project-form-modal';
import { SearchableTable } from '../../../components/searchable-table';

export function projectMembersPath(projectId: number): string {
  return `${paths.company.projectMember}?studyId=${projectId}`;
}

const PROCESS_TAGS = [
  { flag: 'reviewOpen', key: 'project.processReview' },
  { flag: 'qcOpen', key: 'project.processQc' },
  { flag: 'approveOpen', key: 'project.processApprove' },
] as const;

/** SPEC §2 /company/project/list: the company's projects (studies). */
export function ProjectListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListState();
  const [editing, setEditing] = useState<{ open: boolean; project?: ProjectItem }>({ open: false });

  const projects = useProjects({ pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue });

  const setClosed = useSetProjectClosed();
  // The Popconfirm stays open (loading) until the call ends; a refusal is shown by the query client.
  const toggle = (project: ProjectItem) =>
    setClosed
      .mutateAsync({ projectId: project.studyId, closed: !project.closed })
      .then(() => void message.success(project.closed ? t('project.reopened') : t('project.closedDone')))
      .catch(() => undefined);

  const columns: TableProps<ProjectItem>['columns'] = [
    { title: t('fields.projectCode'), dataIndex: 'code', width: 140 },
    { title: t('fields.projectName'), dataIndex: 'name', ellipsis: true },
    { title: t('fields.phase'), dataIndex: 'phase', width: 90 },
    {
      title: t('project.processes'),
      key: 'processes',
      width: 170,
      render: (_: unknown, project) => {
        const open = PROCESS_TAGS.filter((p) => project[p.flag]);
        return open.length ? (
          <Space size={4} wrap>
            {open.map((p) => (
              <Tag key={p.flag}>{t(p.key)}</Tag>
            ))}
          </Space>
        ) : (
          t('project.noProcess')
        );
      },
    },
    { title: t('project.memberCount'), dataIndex: 'memberCount', width: 100, align: 'right' },
    { title: t('fields.endDate'), dataIndex: 'endDate', width: 120, render: formatDate },
    {
      title: t('project.status'),
      dataIndex: 'closed',
      width: 100,
      render: (closed: boolean) =>
        closed ? <Tag>{t('project.statusClosed')}</Tag> : <Tag color="green">{t('project.statusOpen')}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, project) => (
        <Space size="small">
          <Button
            id={`project-edit-${project.studyId}`}
            type="link"
            size="small"
            onClick={() => setEditing({ open: true, project })}
          >
            {t('common.edit')}
          </Button>
          <Link id={`project-members-${project.studyId}`} to={projectMembersPath(project.studyId)}>
            {t('project.members')}
          </Link>
          <Popconfirm
            title={project.closed ? t('project.reopenConfirm') : t('project.closeConfirm')}
            description={project.closed ? undefined : t('project.closeConfirmText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => toggle(project)}
          >
            <Button id={`project-toggle-${project.studyId}`} type="link" size="small" danger={!project.closed}>
              {project.closed ? t('project.reopen') : t('project.close')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.company.projectList')}
      variant="borderless"
      extra={
        <Button id="project-create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t('project.create')}
        </Button>
      }
    >
      <SearchableTable<ProjectItem>
        searchId="project-list-search"
        tableId="project-list-table"
        rowKey="studyId"
        columns={columns}
        page={projects}
        list={list}
        searchPlaceholder={t('project.searchPlaceholder')}
        emptyText={t('project.empty')}
      />
      <ProjectFormModal open={editing.open} project={editing.project} onClose={() => setEditing({ open: false })} />
    </Card>
  );
}
