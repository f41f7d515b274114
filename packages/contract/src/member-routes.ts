import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import {
  memberAddBody,
  memberCandidateList,
  memberCandidatesQuery,
  memberCreated,
  memberListQuery,
  memberUpdateBody,
  projectMemberList,
  projectMemberPage,
  projectMemberParams,
  projectRoleList,
} from './member.ts';
import { defineRoute } from './route.ts';
import { siteList } from './site.ts';

/** A project's members as the company administrator keeps them (/company/project/user). */
export const memberRoutes = {
  members: defineRoute('GET', '/project/:id/members', {
    params: idParams,
    query: companyScopeQuery,
    response: projectMemberList,
  }),
  roles: defineRoute('GET', '/project/:id/roles', {
    params: idParams,
    query: companyScopeQuery,
    response: projectRoleList,
  }),
  /** The project's sites to limit a member to (the member dialog's choices, issue 26). */
  sites: defineRoute('GET', '/project/:id/sites', {
    params: idParams,
    query: companyScopeQuery,
    response: siteList,
  }),
  add: defineRoute('POST', '/project/:id/members', {
    params: idParams,
    query: companyScopeQuery,
    body: memberAddBody,
    response: memberCreated,
  }),
  update: defineRoute('POST', '/project/:id/members/:memberId/a', {
    params: projectMemberParams,
    query: companyScopeQuery,
    body: memberUpdateBody,
    response: noData,
  }),
  remove: defineRoute('POST', '/project/:id/members/:memberId/remove', {
    params: projectMemberParams,
    query: companyScopeQuery,
    response: noData,
  }),
};

/** The entered project's members as its administrator keeps them (/manage/member). */
export const manageMemberRoutes = {
  list: defineRoute('GET', '/manage/member/list', { query: memberListQuery, response: projectMemberPage }),
  candidates: defineRoute('GET', '/manage/member/candidates', {
    query: memberCandidatesQuery,
    response: memberCandidateList,
  }),
  add: defineRoute('POST', '/manage/member/add', { body: memberAddBody, response: memberCreated }),
  update: defineRoute('POST', '/manage/member/update/:id', {
    params: idParams,
    body: memberUpdateBody,
    response: noData,
  }),
  remove: defineRoute('POST', '/manage/member/remove/:id', { params: idParams, response: noData }),
};
