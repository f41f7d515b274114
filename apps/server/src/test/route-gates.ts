/** The words the route policies (route-policy.ts and its area files) are written in: gates, ids, shorthands. */
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
  | 'tmfModel'
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
  | 'customReport'
  | 'country'
  | 'milestoneType'
  | 'expectedItem'
  | 'qualityIssue'
  | 'exchangeImport'
  | 'bulkImport'
  | 'ssoProvider'
  | 'ssoRule'
  | 'apiToken'
  | 'serviceAccount'
  | 'webhook'
  | 'companyWebhook';

export interface RoutePolicy {
  gate: Gate;
  /** Which object each path parameter names. */
  ids?: Record<string, IdKind>;
  /** Changes state without a body: the matrix calls it only as callers who must be refused. */
  destructive?: boolean;
  /** Callers the gate admits but the handler refuses by rule (e.g. staff without a folder grant). */
  handlerRefuses?: string[];
}

export const open: RoutePolicy = { gate: 'public' };
export const signedIn: RoutePolicy = { gate: 'signedIn' };
export const system: RoutePolicy = { gate: 'systemAdmin' };
export const company: RoutePolicy = { gate: 'companyAdmin' };
export const member: RoutePolicy = { gate: 'projectMember' };
export const admin: RoutePolicy = { gate: 'projectAdmin' };
export const withIds = (
  policy: RoutePolicy,
  ids: Record<string, IdKind>,
  more: Partial<RoutePolicy> = {},
): RoutePolicy => ({
  ...policy,
  ids,
  ...more,
});
