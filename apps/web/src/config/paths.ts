// Every route of SPEC §2 in one place; menus, links, redirects and the guard all read from here.

export const paths = {
  root: '/',
  login: '/login',
  view: '/view',
  license: '/license',
  /** The accessibility statement (issue 31). */
  accessibility: '/accessibility',
  select: '/select',
  register: '/register',
  notFound: '/404',
  /** Single sign-on's last stops (issue 29): the ticket exchanged for a session; a signing proof for its dialog. */
  ssoComplete: '/sso/complete',
  ssoProof: '/sso/proof',

  system: {
    root: '/system',
    company: '/system/company',
    companyList: '/system/company/list',
    companyDetails: '/system/company/details',
    companyUser: '/system/company/user',
    version: '/system/version',
    seal: '/system/signing',
    /** The background queues (issue 29 part 6). */
    jobs: '/system/jobs',
    /** Where webhooks may send (issue 29 part 5). */
    webhooks: '/system/webhooks',
    /** Each company's OpenID provider (issue 29 part 1). */
    sso: '/system/sso',
    notice: '/system/notice',
    userCenter: '/system/userCenter',
  },

  company: {
    root: '/company',
    project: '/company/project',
    projectList: '/company/project/list',
    projectMember: '/company/project/user',
    report: '/company/report',
    /** Every project's TMF health figures (issue 27 part 6). */
    tmfHealth: '/company/tmf-health',
    /** The company's webhooks (issue 29 part 5). */
    webhooks: '/company/webhooks',
    /** The company's single sign-on group rules (issue 29 part 1). */
    sso: '/company/sso',
    user: '/company/user',
    approve: '/company/approve',
    template: '/company/template',
    templateUserGroup: '/company/template/usergroup',
    templateDirectory: '/company/template/directory',
    /** TMF models (issue 27); one model at /company/template/tmf/:id. */
    templateTmf: '/company/template/tmf',
    /** The company's milestone types beside the shipped ones (issue 27 part 3). */
    templateMilestoneType: '/company/template/milestone-types',
    templateEncode: '/company/template/encode',
    templateCodeType: '/company/template/codeType',
    userCenter: '/company/userCenter',
  },

  project: {
    home: '/home',
    homePending: '/home/pending',
    homeProcessed: '/home/processed',
    work: '/work',
    file: '/file',
    manage: '/manage',
    manageProject: '/manage/study',
    manageEncode: '/manage/encode',
    manageCodeType: '/manage/codeType',
    manageMember: '/manage/user',
    manageInspector: '/manage/inspector',
    manageGroup: '/manage/group',
    manageReport: '/manage/report',
    manageDirectory: '/manage/directory',
    manageDirectoryTemplate: '/manage/folder_template',
    /** The project's TMF model and its folders' artifacts (issue 27). */
    manageTmf: '/manage/tmf',
    /** The countries the project runs in, and its trial / country / site milestones (issue 27 part 3). */
    manageCountry: '/manage/country',
    manageMilestone: '/manage/milestone',
    /** The documents the project's TMF should hold, from its model's rules (issue 27 part 4). */
    manageExpected: '/manage/expected',
    manageDownload: '/manage/download',
    manageTag: '/manage/tag',
    /** The project's webhooks (issue 29 part 5). */
    manageWebhooks: '/manage/webhooks',
    user: '/user',
    search: '/search',
    board: '/board',
    /** Custom Report (issue 14): every member's saved and shared reports. */
    report: '/report',
    /** The TMF health dashboard (issue 27 part 6): completeness, timeliness, quality and their drill-downs. */
    tmfHealth: '/tmf-health',
    /** Quality issues raised on documents (issue 27 part 5): mine to fix, mine to verify, all I may read. */
    qualityIssues: '/quality-issues',
    /** Exchange (issue 28): EMS export and inspection package, EMS import with its preview, bulk import. */
    exchange: '/exchange',
    exchangeExport: '/exchange/export',
    exchangeImport: '/exchange/import',
    exchangeBulk: '/exchange/bulk',
  },
} as const;

/** Routes reachable without signing in (SPEC §2). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.view,
  paths.license,
  paths.accessibility,
  paths.select,
  paths.register,
  paths.notFound,
];

/** First-level paths of the project-user area, which lives at the site root. */
export const PROJECT_AREA_PREFIXES: readonly string[] = [
  paths.project.home,
  paths.project.work,
  paths.project.file,
  paths.project.manage,
  paths.project.user,
  paths.project.search,
  paths.project.board,
  paths.project.report,
  paths.project.tmfHealth,
  paths.project.qualityIssues,
  paths.project.exchange,
];
