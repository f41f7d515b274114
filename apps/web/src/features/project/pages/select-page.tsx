import { useEffect, useMemo, useState } from 'react';
import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useMutationState } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { UserType } from '@edoc/contract/enums';
import { DEFAULT_PAGE_SIZE } from '@edoc/contract/limits';
import type { ProjectEntryItem } from '@edoc/contract/project';
import { paths, PROJECT_AREA_PREFIXES } from '../../../config/paths';
import { compareText } from '../../../lib/format';
import { resetIdle } from '../../../lib/idle-timer';
import { setSession, useSession, type AuditStage } from '../../../lib/session';
import { CompanyManage } from '../components/company-manage';
import { MARK_MUTATION, useEnterProject, useEnterableProjects, useToggleProjectMark } from '../select-api';

/** Favourites first; otherwise the server's order (SPEC §2 project picker). */
function favouritesFirst(rows: ProjectEntryItem[]): ProjectEntryItem[] {
  return [...rows].sort((a, b) => Number(b.mark) - Number(a.mark));
}

function auditModeOf(entry: { reviewOpen: boolean; qcOpen: boolean; approveOpen: boolean }): AuditStage[] {
  const stages: AuditStage[] = [];
  if (entry.reviewOpen) stages.push('review');
  if (entry.qcOpen) stages.push('qc');
  if (entry.approveOpen) stages.push('approve');
  return stages;
}

/** Both kinds of project are entered like any other; the tags say beforehand that little or nothing can change. */
function ProjectTags({ project }: { project: ProjectEntryItem }) {
  const { t } = useTranslation();
  return (
    <>
      {project.closed && (
        <Tag id={`project-closed-${project.study_id}`} color="default">
          {t('select.closedTag')}
        </Tag>
      )}
      {project.inspector && (
        <Tag id={`project-inspection-${project.study_id}`} color="purple">
          {t('select.inspectionTag')}
        </Tag>
      )}
    </>
  );
}

const ENTER_PARAM = 'enter';
/** Where to go once entered (the company's TMF health view opens a project's dashboard): a project-area page only. */
const NEXT_PARAM = 'next';
const projectPage = (raw: string | null) =>
  raw && PROJECT_AREA_PREFIXES.some((p) => raw === p || raw.startsWith(`${p}/`) || raw.startsWith(`${p}?`))
    ? raw
    : null;
const enterHref = (projectId: number) => `${paths.select}?${ENTER_PARAM}=${projectId}`;

/** SPEC §2/§4 project picker: choose a project to work in, or a company to manage. */
export function SelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [searchValue, setSearchValue] = useState('');
  // All projects come in one answer (SPEC §9: 1000); the table pages through them locally.
  const [page, setPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });

  const projects = useEnterableProjects(searchValue);
  const rows = useMemo(() => favouritesFirst(projects.data?.data ?? []), [projects.data]);

  const enterProject = useEnterProject();
  const enter = (row: ProjectEntryItem, next: string | null = null) =>
    enterProject.mutate(row.study_id, {
      onSuccess: (entry) => {
        setSession({
          userType: UserType.Project,
          roleCode: entry.roleCode,
          libraryFolder: entry.libraryFolder,
          projectName: entry.studyName,
          projectId: entry.studyId,
          companyId: row.company_id,
          companyName: row.company_name,
          idleTime: entry.idleTime,
          pageSize: entry.pageSize > 0 ? entry.pageSize : DEFAULT_PAGE_SIZE,
          auditMode: auditModeOf(entry),
          fileTypes: entry.allowedFileTypes,
          // The rights as the server enforces them: the guard and menus read these, not roleCode (issue 24).
          fullAccess: entry.rights.fullAccess,
          authorities: entry.rights.docKeys,
          libraryKeys: entry.rights.libraryKeys,
          closed: entry.rights.readOnly,
          inspector: entry.inspector,
        });
        // The countdown now runs on the project's idle time.
        resetIdle();
        // The guard takes an inspector on from the root to the file library, their only page.
        void navigate(next ?? paths.root);
      },
    });

  // Opened as /select?enter=id (the name opened in a new tab): enter that project once its row is known.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get(ENTER_PARAM));
  useEffect(() => {
    const row = asked ? rows.find((r) => r.study_id === asked) : undefined;
    if (!row) return;
    setSearchParams({}, { replace: true });
    enter(row, projectPage(searchParams.get(NEXT_PARAM)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per asked project, when its row arrives
  }, [asked, rows]);

  const mark = useToggleProjectMark();
  const markPending = useMutationState({
    filters: { mutationKey: MARK_MUTATION, status: 'pending' },
    select: (m) => m.state.variables as number,
  });

  const columns: TableProps<ProjectEntryItem>['columns'] = [
    {
      title: t('select.index'),
      key: 'index',
      width: 72,
      render: (_v, _row, index) => (page.current - 1) * page.pageSize + index + 1,
    },
    {
      title: t('select.projectName'),
      dataIndex: 'study_name',
      sorter: (a, b) => compareText(a.study_name, b.study_name),
      render: (name: string, row) => (
        <Space size={4} wrap>
          {/* A real link, so it opens in a new tab too (issue 12): /select?enter=id enters there; "opener" (same
              origin) gives that tab a copy of this tab's session. A plain click enters here. */}
          <Typography.Link
            id={`project-enter-${row.study_id}`}
            href={enterHref(row.study_id)}
            target="_blank"
            rel="opener"
            onClick={(event) => {
              if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              enter(row);
            }}
          >
            {name}
          </Typography.Link>
          <ProjectTags project={row} />
        </Space>
      ),
    },
    {
      title: t('select.companyName'),
      dataIndex: 'company_name',
      sorter: (a, b) => compareText(a.company_name, b.company_name),
    },
    {
      title: t('select.taskNum'),
      dataIndex: 'taskNum',
      width: 120,
      align: 'right',
      sorter: (a, b) => a.taskNum - b.taskNum,
    },
    {
      title: t('select.favourite'),
      dataIndex: 'mark',
      width: 96,
      align: 'center',
      render: (marked: boolean, row) => {
        const label = marked ? t('select.unmark') : t('select.mark');
        return (
          <Tooltip title={label}>
            <Button
              id={`project-mark-${row.study_id}`}
              type="text"
              aria-label={label}
              aria-pressed={marked}
              disabled={markPending.includes(row.study_id)}
              icon={marked ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => mark.mutate(row.study_id)}
            />
          </Tooltip>
        );
      },
    },
  ];

  return (
    <Card title={t('select.title')} variant="borderless" id="project-select" extra={<CompanyManage />}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          id="project-search"
          style={{ maxWidth: 360 }}
          allowClear
          enterButton={<SearchOutlined />}
          placeholder={t('select.searchPlaceholder')}
          aria-label={t('select.searchPlaceholder')}
          onSearch={(value) => {
            setSearchValue(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {session.companyName && (
          <Typography.Text type="secondary">{t('select.company', { name: session.companyName })}</Typography.Text>
        )}
      </Flex>
      <Table<ProjectEntryItem>
        id="project-table"
        rowKey="study_id"
        size="middle"
        loading={projects.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={{
          ...page,
          hideOnSinglePage: true,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                searchValue ? (
                  t('select.noMatch')
                ) : (
                  <>
                    <div>{t('select.emptyTitle')}</div>
                    {/* What to do next: a member is added by an administrator; a company administrator makes one. */}
                    <Typography.Text type="secondary" id="project-empty-next">
                      {t(session.userType === UserType.Company ? 'select.emptyNextManager' : 'select.emptyNext')}
                    </Typography.Text>
                  </>
                )
              }
            />
          ),
        }}
      />
    </Card>
  );
}
