import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import {
  qualityIssueCreateBody,
  qualityIssueCreated,
  qualityIssueListQuery,
  qualityIssuePage,
  qualityIssueReassignBody,
  qualityIssueReopenBody,
  qualityIssueResolveBody,
  qualityIssueWaiveBody,
} from './quality-issue.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 27 part 5: quality issues of the entered project. An issue on a document the caller may not read is 404; a
 * step its state does not allow (QUALITY_ISSUE_TRANSITIONS) is 409 quality_issue_state; a step by someone else 403.
 */
export const qualityIssueRoutes = {
  list: defineRoute('GET', '/quality-issue/list', { query: qualityIssueListQuery, response: qualityIssuePage }),
  /** QC rights on the document's folder, or a project administrator. */
  create: defineRoute('POST', '/quality-issue/create', { body: qualityIssueCreateBody, response: qualityIssueCreated }),
  /** The assignee: open → resolved. */
  resolve: defineRoute('POST', '/quality-issue/resolve/:id', {
    params: idParams,
    body: qualityIssueResolveBody,
    response: noData,
  }),
  /** The raiser: resolved → verified. */
  verify: defineRoute('POST', '/quality-issue/verify/:id', { params: idParams, response: noData }),
  /** The raiser, with why the fix is not enough: resolved → open. */
  reopen: defineRoute('POST', '/quality-issue/reopen/:id', {
    params: idParams,
    body: qualityIssueReopenBody,
    response: noData,
  }),
  /** A project administrator, with a reason: open or resolved → waived. */
  waive: defineRoute('POST', '/quality-issue/waive/:id', {
    params: idParams,
    body: qualityIssueWaiveBody,
    response: noData,
  }),
  /** The raiser or a project administrator, while open. */
  reassign: defineRoute('POST', '/quality-issue/reassign/:id', {
    params: idParams,
    body: qualityIssueReassignBody,
    response: noData,
  }),
};
