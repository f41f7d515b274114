import { admin, company, member, withIds, type RoutePolicy } from './route-gates.ts';

/** The message board and the reports (issue 14), spread into ROUTE_POLICY (route-policy.ts). */
export const REPORTING_POLICY: Record<string, RoutePolicy> = {
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
