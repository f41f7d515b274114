import { Suspense, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { ClosedReadOnly } from '../components/read-only';
import { paths } from '../config/paths';
import { loginLoader } from '../features/auth/login-loader';
import { useSession } from '../lib/session';
import { guardRedirect } from './guard';
import { MENU_TREES, type MenuEntry } from './layouts/menu-tree';
import {
  AccessibilityPage,
  ApprovePage,
  AreaLayout,
  BoardPage,
  ComingSoon,
  CompanyCodePage,
  CompanyCodeTypePage,
  CompanyMemberPage,
  CompanyDetailsPage,
  CompanyListPage,
  CompanyReportPage,
  CompanyUserPage,
  CountryPage,
  CustomReportPage,
  DirectoryPage,
  DirectoryTemplatePage,
  DownloadPage,
  ExpectedPage,
  GroupPage,
  HeaderOnlyLayout,
  InspectorPage,
  LibraryPage,
  LicensePage,
  LoginPage,
  ManageReportPage,
  MemberAdminPage,
  MilestonePage,
  MilestoneTypePage,
  NoticePage,
  NotFoundPage,
  PendingPage,
  ProcessedPage,
  ProjectCodePage,
  ProjectCodeTypePage,
  ProjectDirectoryTemplatePage,
  ProjectListPage,
  ProjectSettingsPage,
  QualityIssuesPage,
  ExchangeExportPage,
  ExchangeImportPage,
  ImportDetailPage,
  BulkImportPage,
  BulkDetailPage,
  RegisterPage,
  SealCertificatePage,
  JobQueuePage,
  ProjectWebhooksPage,
  CompanyWebhooksPage,
  WebhookSettingsPage,
  SsoCompletePage,
  SsoProofPage,
  SsoProvidersPage,
  SsoRulesPage,
  SearchPage,
  SelectPage,
  SystemCompanyUserPage,
  TagPage,
  TmfHealthCompanyPage,
  TmfHealthPage,
  TmfModelListPage,
  TmfModelPage,
  TmfProjectPage,
  TopicPage,
  UserCenterPage,
  UserGroupTemplatePage,
  VersionPage,
  ViewPage,
  WorkspacePage,
} from './pages';

/** The login loader is synchronous: nothing needs showing while the router runs it on first load. */
function Blank() {
  return null;
}

/** Applies the SPEC §2 guard on every navigation, including the back button. */
function Guarded() {
  const location = useLocation();
  const session = useSession();
  const target = guardRedirect(session, location.pathname);
  if (target && target !== location.pathname) return <Navigate to={target} replace />;
  // Pages arrive on first use (app/pages.ts); the layouts wait for theirs in their own content area.
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Routes of one area from its menu, so the menu and the routes cannot drift apart. A group's own path
 * shows its first child; leaves without a built page yet show the "later release" placeholder.
 */
function areaRoutes(menu: MenuEntry[], pages: Record<string, ReactElement>): RouteObject[] {
  return menu.flatMap((node): RouteObject[] => {
    if (node.children?.length) {
      return [
        { path: node.path, element: <Navigate to={node.children[0].path} replace /> },
        ...areaRoutes(node.children, pages),
      ];
    }
    return [{ path: node.path, element: pages[node.path] ?? <ComingSoon titleKey={node.labelKey} /> }];
  });
}

export const routes: RouteObject[] = [
  {
    element: <Guarded />,
    children: [
      {
        path: paths.login,
        loader: loginLoader,
        HydrateFallback: Blank,
        element: <LoginPage />,
      },
      { path: paths.view, element: <ViewPage /> },
      { path: paths.license, element: <LicensePage /> },
      { path: paths.accessibility, element: <AccessibilityPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: paths.ssoComplete, element: <SsoCompletePage /> },
      { path: paths.ssoProof, element: <SsoProofPage /> },
      { element: <HeaderOnlyLayout />, children: [{ path: paths.select, element: <SelectPage /> }] },
      {
        path: paths.system.root,
        element: <AreaLayout area="system" titleKey="area.system" />,
        children: [
          { index: true, element: <Navigate to={paths.system.companyList} replace /> },
          ...areaRoutes(MENU_TREES.system, {
            [paths.system.companyList]: <CompanyListPage />,
            [paths.system.companyDetails]: <CompanyDetailsPage />,
            [paths.system.companyUser]: <SystemCompanyUserPage />,
            [paths.system.notice]: <NoticePage />,
            [paths.system.version]: <VersionPage />,
            [paths.system.seal]: <SealCertificatePage />,
            [paths.system.jobs]: <JobQueuePage />,
            [paths.system.webhooks]: <WebhookSettingsPage />,
            [paths.system.sso]: <SsoProvidersPage />,
            [paths.system.userCenter]: <UserCenterPage />,
          }),
        ],
      },
      {
        path: paths.company.root,
        element: <AreaLayout area="company" titleKey="area.company" />,
        children: [
          { index: true, element: <Navigate to={paths.company.projectList} replace /> },
          ...areaRoutes(MENU_TREES.company, {
            [paths.company.projectList]: <ProjectListPage />,
            [paths.company.projectMember]: <CompanyMemberPage />,
            [paths.company.user]: <CompanyUserPage />,
            [paths.company.approve]: <ApprovePage />,
            [paths.company.userCenter]: <UserCenterPage />,
            [paths.company.report]: <CompanyReportPage />,
            [paths.company.tmfHealth]: <TmfHealthCompanyPage />,
            [paths.company.webhooks]: <CompanyWebhooksPage />,
            [paths.company.sso]: <SsoRulesPage />,
            [paths.company.templateUserGroup]: <UserGroupTemplatePage />,
            [paths.company.templateDirectory]: <DirectoryTemplatePage />,
            [paths.company.templateTmf]: <TmfModelListPage />,
            [paths.company.templateMilestoneType]: <MilestoneTypePage />,
            [paths.company.templateEncode]: <CompanyCodePage />,
            [paths.company.templateCodeType]: <CompanyCodeTypePage />,
          }),
          // One model at its own address, so back and refresh keep it; the menu keeps "TMF models" lit.
          { path: `${paths.company.templateTmf}/:id`, element: <TmfModelPage /> },
        ],
      },
      {
        path: paths.root,
        element: <AreaLayout area="project" titleKey="area.project" />,
        children: [
          { index: true, element: <Navigate to={paths.project.homePending} replace /> },
          ...areaRoutes(MENU_TREES.project, {
            [paths.project.homePending]: <PendingPage />,
            [paths.project.homeProcessed]: <ProcessedPage />,
            [paths.project.user]: <UserCenterPage />,
            [paths.project.work]: <WorkspacePage />,
            [paths.project.file]: <LibraryPage />,
            [paths.project.report]: <CustomReportPage />,
            [paths.project.tmfHealth]: <TmfHealthPage />,
            [paths.project.manageProject]: (
              <ClosedReadOnly>
                <ProjectSettingsPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageMember]: (
              <ClosedReadOnly>
                <MemberAdminPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageInspector]: <InspectorPage />,
            [paths.project.manageGroup]: (
              <ClosedReadOnly>
                <GroupPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageDirectory]: (
              <ClosedReadOnly>
                <DirectoryPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageTmf]: (
              <ClosedReadOnly>
                <TmfProjectPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageCountry]: (
              <ClosedReadOnly>
                <CountryPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageMilestone]: (
              <ClosedReadOnly>
                <MilestonePage />
              </ClosedReadOnly>
            ),
            [paths.project.manageExpected]: (
              <ClosedReadOnly>
                <ExpectedPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageDirectoryTemplate]: (
              <ClosedReadOnly>
                <ProjectDirectoryTemplatePage />
              </ClosedReadOnly>
            ),
            [paths.project.manageEncode]: (
              <ClosedReadOnly>
                <ProjectCodePage />
              </ClosedReadOnly>
            ),
            [paths.project.manageCodeType]: (
              <ClosedReadOnly>
                <ProjectCodeTypePage />
              </ClosedReadOnly>
            ),
            [paths.project.manageTag]: (
              <ClosedReadOnly>
                <TagPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageDownload]: <DownloadPage />,
            [paths.project.manageReport]: <ManageReportPage />,
            [paths.project.manageWebhooks]: (
              <ClosedReadOnly>
                <ProjectWebhooksPage />
              </ClosedReadOnly>
            ),
            [paths.project.board]: <BoardPage />,
            [paths.project.qualityIssues]: <QualityIssuesPage />,
            [paths.project.exchangeExport]: <ExchangeExportPage />,
            [paths.project.exchangeImport]: <ExchangeImportPage />,
            [paths.project.exchangeBulk]: <BulkImportPage />,
          }),
          // A topic at its own address (issue 14), so back and refresh keep it; the menu keeps the board lit.
          { path: `${paths.project.board}/:id`, element: <TopicPage /> },
          // One EMS import at its own address (issue 28): the menu keeps EMS import lit, as the board's topic does.
          { path: `${paths.project.exchangeImport}/:id`, element: <ImportDetailPage /> },
          // One bulk import at its own address (issue 28 part 3), Bulk import kept lit in the menu likewise.
          { path: `${paths.project.exchangeBulk}/:id`, element: <BulkDetailPage /> },
          // Not in the menu: reached from the header's search box (issue 13).
          { path: paths.project.search, element: <SearchPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
