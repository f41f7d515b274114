import { paths } from '../../config/paths';

/**
 * The signed-in areas' menus as paths and labels only. The router builds each area's routes from them, so the menu
 * and the routes cannot drift apart; the icons and counts are added in menus.tsx, which only the area layout loads,
 * so the login page does not download them (issue 16).
 */
export interface MenuEntry {
  path: string;
  labelKey: string;
  /** A group: its own path redirects to its first child. */
  children?: MenuEntry[];
  /** Shown to the project's administrator only (the entry answer's fullAccess; SPEC §2: staff reach no management). */
  managementOnly?: boolean;
  /** Shown to an inspector, who sees nothing else (issue 11: the file library, and their own personal centre). */
  forInspector?: boolean;
}

export type Area = 'system' | 'company' | 'project';

const SYSTEM: MenuEntry[] = [
  {
    path: paths.system.company,
    labelKey: 'menu.system.company',
    children: [
      { path: paths.system.companyList, labelKey: 'menu.system.companyList' },
      { path: paths.system.companyDetails, labelKey: 'menu.system.companyDetails' },
      { path: paths.system.companyUser, labelKey: 'menu.system.companyUser' },
    ],
  },
  { path: paths.system.version, labelKey: 'menu.system.version' },
  { path: paths.system.notice, labelKey: 'menu.system.notice' },
  { path: paths.system.seal, labelKey: 'menu.system.seal' },
  { path: paths.system.jobs, labelKey: 'menu.system.jobs' },
  { path: paths.system.webhooks, labelKey: 'menu.system.webhooks' },
  { path: paths.system.sso, labelKey: 'menu.system.sso' },
  { path: paths.system.userCenter, labelKey: 'menu.userCenter' },
];

const COMPANY: MenuEntry[] = [
  {
    path: paths.company.project,
    labelKey: 'menu.company.project',
    children: [
      { path: paths.company.projectList, labelKey: 'menu.company.projectList' },
      { path: paths.company.projectMember, labelKey: 'menu.company.projectMember' },
    ],
  },
  { path: paths.company.report, labelKey: 'menu.company.report' },
  { path: paths.company.tmfHealth, labelKey: 'menu.company.tmfHealth' },
  { path: paths.company.webhooks, labelKey: 'menu.company.webhooks' },
  { path: paths.company.sso, labelKey: 'menu.company.sso' },
  { path: paths.company.user, labelKey: 'menu.company.user' },
  { path: paths.company.approve, labelKey: 'menu.company.approve' },
  {
    path: paths.company.template,
    labelKey: 'menu.company.template',
    children: [
      { path: paths.company.templateUserGroup, labelKey: 'menu.company.templateUserGroup' },
      { path: paths.company.templateDirectory, labelKey: 'menu.company.templateDirectory' },
      { path: paths.company.templateTmf, labelKey: 'menu.company.templateTmf' },
      { path: paths.company.templateMilestoneType, labelKey: 'menu.company.templateMilestoneType' },
      { path: paths.company.templateEncode, labelKey: 'menu.company.templateEncode' },
      { path: paths.company.templateCodeType, labelKey: 'menu.company.templateCodeType' },
    ],
  },
  { path: paths.company.userCenter, labelKey: 'menu.userCenter' },
];

const PROJECT: MenuEntry[] = [
  {
    path: paths.project.home,
    labelKey: 'menu.project.home',
    children: [
      { path: paths.project.homePending, labelKey: 'menu.project.homePending' },
      { path: paths.project.homeProcessed, labelKey: 'menu.project.homeProcessed' },
    ],
  },
  { path: paths.project.work, labelKey: 'menu.project.work' },
  { path: paths.project.qualityIssues, labelKey: 'menu.project.qualityIssues' },
  { path: paths.project.file, labelKey: 'menu.project.file', forInspector: true },
  { path: paths.project.report, labelKey: 'menu.project.report' },
  { path: paths.project.tmfHealth, labelKey: 'menu.project.tmfHealth' },
  {
    path: paths.project.exchange,
    labelKey: 'menu.project.exchange',
    children: [
      { path: paths.project.exchangeExport, labelKey: 'menu.project.exchangeExport' },
      { path: paths.project.exchangeImport, labelKey: 'menu.project.exchangeImport' },
      { path: paths.project.exchangeBulk, labelKey: 'menu.project.exchangeBulk' },
    ],
  },
  { path: paths.project.board, labelKey: 'menu.project.board' },
  {
    path: paths.project.manage,
    labelKey: 'menu.project.manage',
    managementOnly: true,
    children: [
      { path: paths.project.manageProject, labelKey: 'menu.project.manageProject' },
      { path: paths.project.manageEncode, labelKey: 'menu.project.manageEncode' },
      { path: paths.project.manageCodeType, labelKey: 'menu.project.manageCodeType' },
      { path: paths.project.manageMember, labelKey: 'menu.project.manageMember' },
      { path: paths.project.manageInspector, labelKey: 'menu.project.manageInspector' },
      { path: paths.project.manageGroup, labelKey: 'menu.project.manageGroup' },
      { path: paths.project.manageReport, labelKey: 'menu.project.manageReport' },
      { path: paths.project.manageDirectory, labelKey: 'menu.project.manageDirectory' },
      { path: paths.project.manageTmf, labelKey: 'menu.project.manageTmf' },
      { path: paths.project.manageCountry, labelKey: 'menu.project.manageCountry' },
      { path: paths.project.manageMilestone, labelKey: 'menu.project.manageMilestone' },
      { path: paths.project.manageExpected, labelKey: 'menu.project.manageExpected' },
      { path: paths.project.manageDirectoryTemplate, labelKey: 'menu.project.manageDirectoryTemplate' },
      { path: paths.project.manageDownload, labelKey: 'menu.project.manageDownload' },
      { path: paths.project.manageTag, labelKey: 'menu.project.manageTag' },
      { path: paths.project.manageWebhooks, labelKey: 'menu.project.manageWebhooks' },
    ],
  },
  { path: paths.project.user, labelKey: 'menu.userCenter', forInspector: true },
];

export const MENU_TREES: Record<Area, MenuEntry[]> = { system: SYSTEM, company: COMPANY, project: PROJECT };
