/**
 * Who may call each /edoc route, written apart from the routes so the authorisation matrix test can hold them
 * to it. A new route fails the matrix until it is listed here.
 */
export type Gate = 'public' | 'signedIn' | 'systemAdmin' | 'companyAdmin' | 'projectMember' | 'projectAdmin';

/** Objects of company A / project 1 whose ids the matrix puts into paths. */
export type IdKind =
  | 'company'
  | 'project'
  | 'site'
  | 'role'
  | 'group'
  | 'member'
  | 'folder'
  | 'notice'
  | 'release'
  | 'template'
  | 'code'
  | 'codeType'
  | 'tag'
  | 'applicant'
  | 'user'
  | 'file'
  | 'version'
  | 'downloadTask'
  | 'route'
  | 'deletion'
  | 'ticket'
  | 'inspector'
  | 'topic'
  | 'reply'
  | 'attachment'
  | 'customReport';

export interface RoutePolicy {
  gate: Gate;
  /** Which object each path parameter names. */
  ids?: Record<string, IdKind>;
  /** Changes state without a body: the matrix calls it only as callers who must be refused. */
  destructive?: boolean;
  /** Callers the gate admits but the handler refuses by rule (e.g. staff without a folder grant). */
  handlerRefuses?: string[];
  /** An inspector may call it (issue 11): the library's reading routes only; every other route refuses them. */
  inspector?: true;
}

const open: RoutePolicy = { gate: 'public' };
const signedIn: RoutePolicy = { gate: 'signedIn' };
const system: RoutePolicy = { gate: 'systemAdmin' };
const company: RoutePolicy = { gate: 'companyAdmin' };
const member: RoutePolicy = { gate: 'projectMember' };
const admin: RoutePolicy = { gate: 'projectAdmin' };
const withIds = (policy: RoutePolicy, ids: Record<string, IdKind>, more: Partial<RoutePolicy> = {}): RoutePolicy => ({
  ...policy,
  ids,
  ...more,
});

export const ROUTE_POLICY: Record<string, RoutePolicy> = {
  // foundation: sign-in and the signed-in user
  'GET /health': open,
  'GET /captcha': open,
  'POST /login': open,
  'POST /logout': { ...signedIn, destructive: true },
  'POST /user/modify_password': open,
  'GET /user/pwd/verify/code': open,
  'POST /forget_password': open,
  'POST /session/extend': signedIn,
  'GET /user/info': signedIn,
  'POST /user/info/modify/a': signedIn,
  'POST /user/lang': signedIn,
  'POST /user/avatar': signedIn,
  'GET /user/avatar/{userId}': withIds(signedIn, { userId: 'user' }),
  'GET /user/study_alert': signedIn,
  'POST /user/study_alert/a': signedIn,
  'GET /user/signature': signedIn,
  'POST /user/signature/a': signedIn,
  'POST /register': open,

  // system administrator
  'GET /notice/system/release': open,
  'GET /notice/system/list': system,
  'POST /notice/system/update/a': system,
  'POST /notice/system/release/undo/{id}/a': withIds(system, { id: 'notice' }, { destructive: true }),
  'GET /company/list': system,
  'GET /company/{id}': withIds(system, { id: 'company' }),
  'POST /company/create': system,
  'POST /company/update/{id}': withIds(system, { id: 'company' }),
  'POST /company/disable/{id}': withIds(system, { id: 'company' }, { destructive: true }),
  'POST /company/enable/{id}': withIds(system, { id: 'company' }, { destructive: true }),
  'POST /company/set/company/manager/a': system,
  'GET /system/signing-certificate': system,
  'POST /system/signing-certificate': system,
  'GET /release/list': system,
  'POST /release/save/a': system,
  'POST /release/delete/{id}/a': withIds(system, { id: 'release' }, { destructive: true }),
  'GET /release/unread': signedIn,
  'POST /release/read/a': signedIn,

  // company administrator (the system administrator may act for a named company)
  'GET /company/{id}/managers': withIds(company, { id: 'company' }),
  'GET /company/users': company,
  'GET /company/users/export': company,
  'GET /company/users/not/study': company,
  'POST /company/user': company,
  'POST /company/user/a': company,
  'POST /company/user/reset/{userId}': withIds(company, { userId: 'user' }, { destructive: true }),
  'GET /company/approve/list': company,
  'POST /company/approve/{userId}/a': withIds(company, { userId: 'applicant' }),
  'GET /project/list': company,
  'GET /project/{id}': withIds(company, { id: 'project' }),
  'POST /project/create': company,
  'POST /project/update/{id}': withIds(company, { id: 'project' }),
  'POST /project/close/{id}': withIds(company, { id: 'project' }, { destructive: true }),
  'POST /project/reopen/{id}': withIds(company, { id: 'project' }, { destructive: true }),
  'GET /template/directory/list': company,
  'GET /project/{id}/members': withIds(company, { id: 'project' }),
  'POST /project/{id}/members': withIds(company, { id: 'project' }),
  'GET /project/{id}/roles': withIds(company, { id: 'project' }),
  'POST /project/{id}/members/{memberId}/a': withIds(company, { id: 'project', memberId: 'member' }),
  'POST /project/{id}/members/{memberId}/remove': withIds(
    company,
    { id: 'project', memberId: 'member' },
    { destructive: true },
  ),

  // project picker
  'GET /common/study': signedIn,
  'POST /common/study/entry': signedIn,
  'POST /common/study/mark/{id}/a': withIds(signedIn, { id: 'project' }),
  'GET /common/company': signedIn,
  'POST /common/company/entry': signedIn,

  // project: folders
  'GET /folder/tree/0': { ...member, inspector: true },
  'GET /folder/tree/list': { ...member, inspector: true },
  'GET /folder/create/permission': member,
  'GET /folder/names': member,
  'GET /folder/search/tree': member,
  'GET /folder/workspace/list': member,
  'GET /folder/upload/auth': member,
  'GET /folder/list/search': member,
  'POST /folder/create': member,
  'POST /folder/rename/{id}': withIds(member, { id: 'folder' }),
  'POST /folder/move/{id}': withIds(member, { id: 'folder' }),
  'POST /folder/delete/{id}': withIds(member, { id: 'folder' }, { destructive: true }),
  'GET /folder/grants/{folderId}': withIds(admin, { folderId: 'folder' }),
  'POST /folder/grants/{folderId}': withIds(admin, { folderId: 'folder' }),
  'GET /file/permission/user/{id}': withIds(admin, { id: 'user' }),
  'GET /folder/template/list': admin,
  'POST /folder/template/apply': admin,
  'POST /folder/template/save': admin,

  // project administration
  'GET /site/list': { ...member, inspector: true },
  'POST /site/create': admin,
  'POST /site/update/{id}': withIds(admin, { id: 'site' }),
  'POST /site/delete/{id}': withIds(admin, { id: 'site' }, { destructive: true }),
  'GET /role/list': member,
  'POST /role/create': admin,
  'POST /role/update/{id}': withIds(admin, { id: 'role' }),
  'POST /role/delete/{id}': withIds(admin, { id: 'role' }, { destructive: true }),
  'GET /group/list': member,
  'POST /group/create': admin,
  'POST /group/update/{id}': withIds(admin, { id: 'group' }),
  'POST /group/delete/{id}': withIds(admin, { id: 'group' }, { destructive: true }),
  'GET /manage/member/list': admin,
  'GET /manage/member/candidates': admin,
  'POST /manage/member/add': admin,
  'POST /manage/member/update/{id}': withIds(admin, { id: 'member' }),
  'POST /manage/member/remove/{id}': withIds(admin, { id: 'member' }, { destructive: true }),
  'GET /manage/study': admin,
  'POST /manage/study/update': admin,

  // company templates and dictionaries
  'GET /template/list': company,
  'GET /template/import/sample': company,
  'POST /template/import': company,
  'GET /template/{id}': withIds(company, { id: 'template' }),
  'GET /template/{id}/export': withIds(company, { id: 'template' }),
  'POST /template/create': company,
  'POST /template/update/{id}': withIds(company, { id: 'template' }),
  'POST /template/delete/{id}': withIds(company, { id: 'template' }, { destructive: true }),
  'GET /code/type/list': company,
  'POST /code/type/create': company,
  'POST /code/type/update/{id}': withIds(company, { id: 'codeType' }),
  'POST /code/type/delete/{id}': withIds(company, { id: 'codeType' }, { destructive: true }),
  'GET /code/type/export': company,
  'GET /code/type/import/sample': company,
  'POST /code/type/import': company,
  'GET /code/list': company,
  'POST /code/create': company,
  'POST /code/update/{id}': withIds(company, { id: 'code' }),
  'POST /code/delete/{id}': withIds(company, { id: 'code' }, { destructive: true }),
  'GET /code/export': company,
  'GET /code/import/sample': company,
  'POST /code/import': company,
  'GET /company/user/import/sample': company,
  'POST /company/user/import': company,

  // project dictionaries and tags: members read, administrators change
  'GET /manage/code/type/list': member,
  'POST /manage/code/type/create': admin,
  'POST /manage/code/type/update/{id}': withIds(admin, { id: 'codeType' }),
  'POST /manage/code/type/delete/{id}': withIds(admin, { id: 'codeType' }, { destructive: true }),
  'GET /manage/code/type/export': member,
  'GET /manage/code/type/import/sample': admin,
  'POST /manage/code/type/import': admin,
  'GET /manage/code/list': member,
  'POST /manage/code/create': admin,
  'POST /manage/code/update/{id}': withIds(admin, { id: 'code' }),
  'POST /manage/code/delete/{id}': withIds(admin, { id: 'code' }, { destructive: true }),
  'GET /manage/code/export': member,
  'GET /manage/code/import/sample': admin,
  'POST /manage/code/import': admin,
  'GET /tag/list': { ...member, inspector: true },
  'POST /tag/create': admin,
  'POST /tag/update/{id}': withIds(admin, { id: 'tag' }),
  'POST /tag/delete/{id}': withIds(admin, { id: 'tag' }, { destructive: true }),

  // documents (issue 4): members, each action gated again by the keys on the document's folder
  'GET /file/types': { ...member, inspector: true },
  'POST /file/name/check/a': member,
  'GET /folder/workspace/file/list': member,
  'POST /minio/file/save': member,
  'GET /minio/file/down': member,
  'POST /minio/file/edit/a': member,
  // editing sessions (issue 15): the services check editDoc, the status and who holds the lock
  'POST /file/ol/start/a': member,
  'GET /file/ol/unique/exist/{id}': withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }),
  'GET /file/ol/separate/view': member,
  'DELETE /file/ol/revise/symbol/del/{id}': withIds(member, { id: 'file' }, { destructive: true }),
  'POST /file/ol/checkin/a': member,
  'GET /minio/file/revise/down': open,
  'GET /file/version/find_all': member,
  'GET /folder/other/version': member,
  'POST /file/version/edit/a': member,
  'GET /file/version/delete/{id}/a': withIds(
    member,
    { id: 'version' },
    { destructive: true, handlerRefuses: ['staff1'] },
  ),
  'POST /file/rename/a': member,
  'POST /file/move/{fileId}/{folderId}/a': withIds(
    member,
    { fileId: 'file', folderId: 'folder' },
    { handlerRefuses: ['staff1'] },
  ),
  'POST /folder/file/move/a': member,
  'GET /file/words/{id}': withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }),
  'POST /file/words': member,
  'POST /file/delete/a': member,
  'GET /file/recycle/list': member,
  'POST /file/recycle/restore/{id}': withIds(member, { id: 'file' }, { destructive: true }),
  'POST /file/recycle/purge/{id}': withIds(admin, { id: 'file' }, { destructive: true }),
  // the viewer: viewDoc on the document's folder (staff1 has no grant there)
  'GET /minio/file/state/{id}': {
    ...withIds(member, { id: 'version' }, { handlerRefuses: ['staff1'] }),
    inspector: true,
  },
  'GET /minio/file/process/{id}': {
    ...withIds(member, { id: 'version' }, { handlerRefuses: ['staff1'] }),
    inspector: true,
  },
  'GET /file/view/{id}': { ...withIds(member, { id: 'version' }, { handlerRefuses: ['staff1'] }), inspector: true },
  'GET /file/{id}': { ...withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }), inspector: true },
  // download center: members pack what they may download; a task is its creator's (and the administrators')
  'POST /download/task/create': member,
  'GET /download/task/list': member,
  'GET /download/task/{id}/file': withIds(member, { id: 'downloadTask' }, { handlerRefuses: ['staff1'] }),
  'POST /download/ticket': { ...member, inspector: true },
  'GET /download/ticket/{token}': withIds(open, { token: 'ticket' }),
  'POST /download/task/delete/{id}': withIds(member, { id: 'downloadTask' }, { destructive: true }),
  // the workflow (issue 10): the transition table decides inside; the gate is membership
  'POST /file/apply/save': member,
  'POST /file/receive/{id}/a': withIds(member, { id: 'file' }, { destructive: true }),
  'POST /file/audit/{id}/a': withIds(member, { id: 'file' }),
  'POST /file/undo/{id}/a': withIds(member, { id: 'file' }, { destructive: true }),
  'GET /task/list': member,
  'POST /file/batch/a': member,
  'GET /route/template/list': member,
  'POST /route/template/create': member,
  'POST /route/template/delete/{id}': withIds(member, { id: 'file' }, { destructive: true }),
  'GET /file/flow/{id}': { ...withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }), inspector: true },
  'GET /file/words/{fileId}/{routeId}/a': withIds(
    member,
    { fileId: 'file', routeId: 'route' },
    { handlerRefuses: ['staff1'] },
  ),
  'GET /folder/recipients': member,
  'GET /file/assignees/{id}': withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }),
  // the library (issue 11): the transition table decides inside (library keys on the library folder)
  'GET /folder/library/file/list': { ...member, inspector: true },
  'GET /folder/library/file/picture': { ...member, inspector: true },
  'GET /folder/workspace/file/picture': member,
  // search (issue 13): folder rights and sites decide inside which documents are read at all
  'GET /file/search': member,
  'GET /file/duplicates': member,
  'POST /file/archive': member,
  'POST /file/batch/archived': member,
  'GET /file/recall': { ...member, destructive: true },
  'POST /folder/file/invalid': member,
  'POST /file/delete/apply': member,
  'GET /file/delete/{fileId}/{applyId}/a': withIds(
    member,
    { fileId: 'file', applyId: 'deletion' },
    { destructive: true },
  ),
  'GET /audit/find_file_audits': { ...member, inspector: true },
  'GET /audit/project/list': admin,
  'GET /manage/inspector/list': admin,
  'POST /manage/inspector/invite': admin,
  'POST /manage/inspector/revoke/{id}': withIds(admin, { id: 'inspector' }, { destructive: true }),
  'GET /audit/project/export': admin,
  // the message board (issue 14): members post and read; the administrator pins, closes and removes topics
  'GET /board/topic/list': member,
  'GET /board/topic/{id}': withIds(member, { id: 'topic' }),
  'POST /board/topic/a': member,
  'POST /board/reply/a': member,
  'POST /board/topic/pin/{id}/a': withIds(admin, { id: 'topic' }),
  'POST /board/topic/close/{id}/a': withIds(admin, { id: 'topic' }),
  'POST /board/topic/remove/{id}/a': withIds(admin, { id: 'topic' }, { destructive: true }),
  'POST /board/reply/remove/{id}/a': withIds(member, { id: 'reply' }, { destructive: true }),
  'GET /board/attachment/{id}': withIds(member, { id: 'attachment' }),
  'GET /board/unread': member,
  'GET /board/mention/list': member,
  'POST /board/mention/read/a': member,
  'GET /board/member/list': member,
  // reports (issue 14): the System Report under /manage; the company's across its projects
  'GET /report/system/list': admin,
  'GET /report/system/data': admin,
  'GET /report/system/export': admin,
  'GET /company/report': company,
  'GET /company/report/export': company,
  // custom reports (issue 14): every member builds their own; the owner (or the administrator) changes one
  'GET /report/custom/list': member,
  'GET /report/custom/recipients': member,
  'GET /report/custom/{id}': withIds(member, { id: 'customReport' }),
  'POST /report/custom/a': member,
  'POST /report/custom/update/{id}/a': withIds(member, { id: 'customReport' }),
  'POST /report/custom/delete/{id}/a': withIds(member, { id: 'customReport' }, { destructive: true }),
  'POST /report/custom/run': member,
  'GET /report/custom/run/{id}': withIds(member, { id: 'customReport' }),
  'GET /report/custom/export/{id}': withIds(member, { id: 'customReport' }),
  'POST /report/custom/export': member,
};
