import { lazy, type ComponentType } from 'react';
import { textsLoaded } from '../lib/i18n';

/**
 * Every page and the signed-in layouts are fetched the first time their route is shown (issue 16): the login page
 * then downloads the login form and the Ant Design parts it uses, not the workspace, the viewer or the reports.
 * Rollup makes one chunk per import() below and shares what two of them use, so antd is split by page too.
 * A page also waits for the texts of the current language, which download beside its code (lib/i18n.ts).
 */
function page<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), textsLoaded()]);
    return { default: component };
  });
}

export const LoginPage = page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage));
export const RegisterPage = page(() =>
  import('../features/registration/pages/register-page').then((m) => m.RegisterPage),
);
export const LicensePage = page(() => import('../features/license/pages/license-page').then((m) => m.LicensePage));
export const AccessibilityPage = page(() =>
  import('../features/accessibility/pages/accessibility-page').then((m) => m.AccessibilityPage),
);
export const ViewPage = page(() => import('../features/viewer/pages/view-page').then((m) => m.ViewPage));
export const NotFoundPage = page(() => import('./not-found-page').then((m) => m.NotFoundPage));
export const ComingSoon = page(() => import('../components/coming-soon').then((m) => m.ComingSoon));

export const AreaLayout = page(() => import('./layouts/area-layout').then((m) => m.AreaLayout));
export const HeaderOnlyLayout = page(() => import('./layouts/area-layout').then((m) => m.HeaderOnlyLayout));
export const SelectPage = page(() => import('../features/project/pages/select-page').then((m) => m.SelectPage));

// The system area.
export const CompanyListPage = page(() =>
  import('../features/company/pages/company-list-page').then((m) => m.CompanyListPage),
);
export const CompanyDetailsPage = page(() =>
  import('../features/company/pages/company-details-page').then((m) => m.CompanyDetailsPage),
);
export const SystemCompanyUserPage = page(() =>
  import('../features/company/pages/system-company-user-page').then((m) => m.SystemCompanyUserPage),
);
export const NoticePage = page(() => import('../features/notice/pages/notice-page').then((m) => m.NoticePage));
export const VersionPage = page(() => import('../features/release/pages/version-page').then((m) => m.VersionPage));
export const SealCertificatePage = page(() =>
  import('../features/seal/pages/seal-certificate-page').then((m) => m.SealCertificatePage),
);
export const UserCenterPage = page(() =>
  import('../features/user/pages/user-center-page').then((m) => m.UserCenterPage),
);

// The company area.
export const ProjectListPage = page(() =>
  import('../features/project/pages/project-list-page').then((m) => m.ProjectListPage),
);
export const CompanyMemberPage = page(() =>
  import('../features/member/pages/company-member-page').then((m) => m.CompanyMemberPage),
);
export const CompanyUserPage = page(() =>
  import('../features/company/pages/company-user-page').then((m) => m.CompanyUserPage),
);
export const ApprovePage = page(() => import('../features/company/pages/approve-page').then((m) => m.ApprovePage));
export const CompanyReportPage = page(() =>
  import('../features/report/pages/company-report-page').then((m) => m.CompanyReportPage),
);
export const UserGroupTemplatePage = page(() =>
  import('../features/template/pages/template-list-page').then((m) => m.UserGroupTemplatePage),
);
export const DirectoryTemplatePage = page(() =>
  import('../features/template/pages/template-list-page').then((m) => m.DirectoryTemplatePage),
);
export const TmfModelListPage = page(() =>
  import('../features/tmf-model/pages/tmf-model-list-page').then((m) => m.TmfModelListPage),
);
export const MilestoneTypePage = page(() =>
  import('../features/milestone-type/pages/milestone-type-page').then((m) => m.MilestoneTypePage),
);
export const TmfHealthCompanyPage = page(() =>
  import('../features/tmf-health/pages/tmf-health-company-page').then((m) => m.TmfHealthCompanyPage),
);
export const TmfModelPage = page(() =>
  import('../features/tmf-model/pages/tmf-model-page').then((m) => m.TmfModelPage),
);
export const CompanyCodePage = page(() => import('../features/code/pages/code-pages').then((m) => m.CompanyCodePage));
export const CompanyCodeTypePage = page(() =>
  import('../features/code/pages/code-pages').then((m) => m.CompanyCodeTypePage),
);

// The project area.
export const PendingPage = page(() => import('../features/task/pages/pending-page').then((m) => m.PendingPage));
export const ProcessedPage = page(() => import('../features/task/pages/processed-page').then((m) => m.ProcessedPage));
export const WorkspacePage = page(() =>
  import('../features/document/pages/workspace-page').then((m) => m.WorkspacePage),
);
export const LibraryPage = page(() => import('../features/library/pages/library-page').then((m) => m.LibraryPage));
export const CustomReportPage = page(() =>
  import('../features/custom-report/pages/custom-report-page').then((m) => m.CustomReportPage),
);
export const ProjectSettingsPage = page(() =>
  import('../features/project/pages/project-settings-page').then((m) => m.ProjectSettingsPage),
);
export const MemberAdminPage = page(() =>
  import('../features/member/pages/member-admin-page').then((m) => m.MemberAdminPage),
);
export const InspectorPage = page(() =>
  import('../features/inspector/pages/inspector-page').then((m) => m.InspectorPage),
);
export const GroupPage = page(() => import('../features/group/pages/group-page').then((m) => m.GroupPage));
export const DirectoryPage = page(() => import('../features/folder/pages/directory-page').then((m) => m.DirectoryPage));
export const ProjectDirectoryTemplatePage = page(() =>
  import('../features/folder/pages/directory-template-page').then((m) => m.ProjectDirectoryTemplatePage),
);
export const ProjectCodePage = page(() => import('../features/code/pages/code-pages').then((m) => m.ProjectCodePage));
export const ProjectCodeTypePage = page(() =>
  import('../features/code/pages/code-pages').then((m) => m.ProjectCodeTypePage),
);
export const TmfProjectPage = page(() =>
  import('../features/tmf-project/pages/tmf-project-page').then((m) => m.TmfProjectPage),
);
export const CountryPage = page(() => import('../features/country/pages/country-page').then((m) => m.CountryPage));
export const MilestonePage = page(() =>
  import('../features/milestone/pages/milestone-page').then((m) => m.MilestonePage),
);
export const ExpectedPage = page(() => import('../features/expected/pages/expected-page').then((m) => m.ExpectedPage));
export const TagPage = page(() => import('../features/tag/pages/tag-page').then((m) => m.TagPage));
export const DownloadPage = page(() => import('../features/download/pages/download-page').then((m) => m.DownloadPage));
export const ManageReportPage = page(() => import('./manage-report-page').then((m) => m.ManageReportPage));
export const TmfHealthPage = page(() =>
  import('../features/tmf-health/pages/tmf-health-page').then((m) => m.TmfHealthPage),
);
export const BoardPage = page(() => import('../features/board/pages/board-page').then((m) => m.BoardPage));
export const TopicPage = page(() => import('../features/board/pages/topic-page').then((m) => m.TopicPage));
export const QualityIssuesPage = page(() =>
  import('../features/quality-issue/pages/quality-issues-page').then((m) => m.QualityIssuesPage),
);
export const SearchPage = page(() => import('../features/search/pages/search-page').then((m) => m.SearchPage));
// Exchange (issue 28)
export const ExchangeExportPage = page(() =>
  import('../features/exchange/pages/exchange-export-page').then((m) => m.ExchangeExportPage),
);
export const ExchangeImportPage = page(() =>
  import('../features/exchange-import/pages/exchange-import-page').then((m) => m.ExchangeImportPage),
);
export const ImportDetailPage = page(() =>
  import('../features/exchange-import/pages/import-detail-page').then((m) => m.ImportDetailPage),
);
export const BulkImportPage = page(() =>
  import('../features/bulk-import/pages/bulk-import-page').then((m) => m.BulkImportPage),
);
export const BulkDetailPage = page(() =>
  import('../features/bulk-import/pages/bulk-detail-page').then((m) => m.BulkDetailPage),
);
export const JobQueuePage = page(() =>
  import('../features/job-queue/pages/job-queue-page').then((m) => m.JobQueuePage),
);
// Webhooks (issue 29 part 5): the project's and the company's, and the system setting.
export const ProjectWebhooksPage = page(() =>
  import('../features/webhook/pages/webhooks-page').then((m) => m.ProjectWebhooksPage),
);
export const CompanyWebhooksPage = page(() =>
  import('../features/webhook/pages/webhooks-page').then((m) => m.CompanyWebhooksPage),
);
export const WebhookSettingsPage = page(() =>
  import('../features/webhook/pages/webhook-settings-page').then((m) => m.WebhookSettingsPage),
);

// Single sign-on (issue 29 parts 1 and 2).
export const SsoProvidersPage = page(() =>
  import('../features/sso/pages/sso-providers-page').then((m) => m.SsoProvidersPage),
);
export const SsoRulesPage = page(() => import('../features/sso/pages/sso-rules-page').then((m) => m.SsoRulesPage));
export const SsoCompletePage = page(() =>
  import('../features/auth/pages/sso-complete-page').then((m) => m.SsoCompletePage),
);
export const SsoProofPage = page(() => import('../features/sso/pages/sso-proof-page').then((m) => m.SsoProofPage));
