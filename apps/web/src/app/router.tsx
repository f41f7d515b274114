import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { paths } from '../config/paths';
import { loginLoader } from '../features/auth/login-loader';
import { LoginPage } from '../features/auth/pages/login-page';
import { ApprovePage } from '../features/company/pages/approve-page';
import { CompanyDetailsPage } from '../features/company/pages/company-details-page';
import { CompanyListPage } from '../features/company/pages/company-list-page';
import { CompanyUserPage } from '../features/company/pages/company-user-page';
import { SystemCompanyUserPage } from '../features/company/pages/system-company-user-page';
import { DirectoryPage } from '../features/folder/pages/directory-page';
import { WorkspacePage } from '../features/document/pages/workspace-page';
import { DownloadPage } from '../features/download/pages/download-page';
import { FolderTemplatePage } from '../features/folder/pages/folder-template-page';
import { GroupPage } from '../features/group/pages/group-page';
import { InspectorPage } from '../features/inspector/pages/inspector-page';
import { LibraryPage } from '../features/library/pages/library-page';
import { LicensePage } from '../features/license/pages/license-page';
import { ManageUserPage } from '../features/manage-member/pages/manage-user-page';
import { ClosedReadOnly } from '../components/read-only';
import { SearchPage } from '../features/search/pages/search-page';
import { StudySettingsPage } from '../features/manage-study/pages/study-settings-page';
import { NoticePage } from '../features/notice/pages/notice-page';
import { ProjectListPage } from '../features/project/pages/project-list-page';
import { ProjectUserPage } from '../features/project/pages/project-user-page';
import { SelectPage } from '../features/project/pages/select-page';
import { RegisterPage } from '../features/register/pages/register-page';
import { VersionPage } from '../features/release/pages/version-page';
import { SigningCertificatePage } from '../features/signing/pages/signing-certificate-page';
import { UserCenterPage } from '../features/user/pages/user-center-page';
import { ViewPage } from '../features/viewer/pages/view-page';
import {
  CompanyCodePage,
  CompanyCodeTypePage,
  ProjectCodePage,
  ProjectCodeTypePage,
} from '../features/code/pages/code-pages';
import { CompanyReportPage } from '../features/report/pages/company-report-page';
import { TagPage } from '../features/tag/pages/tag-page';
import { CustomReportPage } from '../features/custom-report/pages/custom-report-page';
import { BoardPage } from '../features/board/pages/board-page';
import { TopicPage } from '../features/board/pages/topic-page';
import { PendingPage } from '../features/task/pages/pending-page';
import { ProcessedPage } from '../features/task/pages/processed-page';
import { DirectoryTemplatePage, UserGroupTemplatePage } from '../features/template/pages/template-list-page';
import { useSession } from '../lib/session';
import { guardRedirect } from './guard';
import { AreaLayout, HeaderOnlyLayout } from './layouts/area-layout';
import { COMPANY_MENU, PROJECT_MENU, SYSTEM_MENU, type MenuNode } from './layouts/menus';
import { ManageReportPage } from './manage-report-page';
import { NotFoundPage } from './not-found-page';

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
  return <Outlet />;
}

/**
 * Routes of one area from its menu, so the menu and the routes cannot drift apart. A group's own path
 * shows its first child; leaves without a built page yet show the "later release" placeholder.
 */
function areaRoutes(menu: MenuNode[], pages: Record<string, ReactElement>): RouteObject[] {
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
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { element: <HeaderOnlyLayout />, children: [{ path: paths.select, element: <SelectPage /> }] },
      {
        path: paths.system.root,
        element: <AreaLayout menu={SYSTEM_MENU} titleKey="area.system" />,
        children: [
          { index: true, element: <Navigate to={paths.system.companyList} replace /> },
          ...areaRoutes(SYSTEM_MENU, {
            [paths.system.companyList]: <CompanyListPage />,
            [paths.system.companyDetails]: <CompanyDetailsPage />,
            [paths.system.companyUser]: <SystemCompanyUserPage />,
            [paths.system.notice]: <NoticePage />,
            [paths.system.version]: <VersionPage />,
            [paths.system.signing]: <SigningCertificatePage />,
            [paths.system.userCenter]: <UserCenterPage />,
          }),
        ],
      },
      {
        path: paths.company.root,
        element: <AreaLayout menu={COMPANY_MENU} titleKey="area.company" />,
        children: [
          { index: true, element: <Navigate to={paths.company.projectList} replace /> },
          ...areaRoutes(COMPANY_MENU, {
            [paths.company.projectList]: <ProjectListPage />,
            [paths.company.projectUser]: <ProjectUserPage />,
            [paths.company.user]: <CompanyUserPage />,
            [paths.company.approve]: <ApprovePage />,
            [paths.company.userCenter]: <UserCenterPage />,
            [paths.company.report]: <CompanyReportPage />,
            [paths.company.templateUserGroup]: <UserGroupTemplatePage />,
            [paths.company.templateDirectory]: <DirectoryTemplatePage />,
            [paths.company.templateEncode]: <CompanyCodePage />,
            [paths.company.templateCodeType]: <CompanyCodeTypePage />,
          }),
        ],
      },
      {
        path: paths.root,
        element: <AreaLayout menu={PROJECT_MENU} titleKey="area.project" />,
        children: [
          { index: true, element: <Navigate to={paths.project.homePending} replace /> },
          ...areaRoutes(PROJECT_MENU, {
            [paths.project.homePending]: <PendingPage />,
            [paths.project.homeProcessed]: <ProcessedPage />,
            [paths.project.user]: <UserCenterPage />,
            [paths.project.work]: <WorkspacePage />,
            [paths.project.file]: <LibraryPage />,
            [paths.project.report]: <CustomReportPage />,
            [paths.project.manageStudy]: (
              <ClosedReadOnly>
                <StudySettingsPage />
              </ClosedReadOnly>
            ),
            [paths.project.manageUser]: (
              <ClosedReadOnly>
                <ManageUserPage />
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
            [paths.project.manageFolderTemplate]: (
              <ClosedReadOnly>
                <FolderTemplatePage />
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
            [paths.project.board]: <BoardPage />,
          }),
          // A topic at its own address (issue 14), so back and refresh keep it; the menu keeps the board lit.
          { path: `${paths.project.board}/:id`, element: <TopicPage /> },
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
