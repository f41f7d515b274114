import { z } from 'zod';
import { ID_MAX, idField, idParam } from './fields.ts';
import { companyUserItem } from './company.ts';
import { pageOf } from './envelope.ts';
import { pageQuery, searchField } from './paging.ts';
import { TASK_KINDS } from './workflow.ts';

/** A member of a project: a company user with a role, limited to sites (none: central, all sites). */
export const projectMember = z.object({
  memberId: z.number(),
  userId: z.number(),
  userName: z.string(),
  email: z.string(),
  roleId: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  siteIds: z.array(z.number()),
});
export type ProjectMember = z.infer<typeof projectMember>;
/** GET /project/:id/members (company administrator): every member at once. */
export const projectMemberList = z.array(projectMember);
/** GET /manage/member/list (project administrator): a page of members. */
export const projectMemberPage = pageOf(projectMember);
/** POST /project/:id/members and /manage/member/add answer. */
export const memberCreated = z.object({ memberId: z.number() });
export type MemberCreated = z.infer<typeof memberCreated>;
/** GET /manage/member/candidates: company users not yet in the project. */
export const memberCandidateList = z.array(companyUserItem);

/** A role as the member pickers show it. */
export const projectRole = z.object({ roleId: z.number(), code: z.string(), name: z.string(), builtin: z.boolean() });
export type ProjectRole = z.infer<typeof projectRole>;
export const projectRoleList = z.array(projectRole);

const roleId = idField;
const siteIds = z
  .array(z.number().int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value'))
  .max(500)
  .default([]);

/** Change of a member's role and sites. */
export const memberUpdateBody = z.object({ roleId, siteIds });
export type MemberUpdateBody = z.input<typeof memberUpdateBody>;

/** Path parameters of a call on one member of a project: `/project/:id/members/:memberId/…`. */
export const projectMemberParams = z.object({ id: idParam, memberId: idParam });

/** Adding a company user to the project. */
export const memberAddBody = memberUpdateBody.extend({
  userId: idField,
});
export type MemberBody = z.input<typeof memberAddBody>;

/** GET /manage/member/list: the entered project's members, searched by name or e-mail. */
export const memberListQuery = pageQuery.extend({ searchValue: searchField });
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** GET /manage/member/candidates: company users not yet in the project. */
export const memberCandidatesQuery = z.object({ searchValue: searchField });

/**
 * The data of a user_has_tasks refusal (SPEC §6 "has the following tasks not completed"): the member's open tasks,
 * each with its document and the document's status, so the administrator can open and reassign them (issue 26).
 */
export const memberOpenTasks = z.array(
  z.object({
    taskId: z.number(),
    kind: z.enum(TASK_KINDS),
    fileId: z.number(),
    fileName: z.string(),
    status: z.number(),
  }),
);
export type MemberOpenTasks = z.infer<typeof memberOpenTasks>;
