import { companyScopeQuery } from './company.ts';
import { noData } from './envelope.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';
import {
  webhookCreateBody,
  webhookDeliveriesQuery,
  webhookDeliveryPage,
  webhookList,
  webhookQueued,
  webhookResendBody,
  webhookSecret,
  webhookSettings,
  webhookUpdateBody,
} from './webhook.ts';

/**
 * One family of subscription routes under a prefix: `/project` (the entered project's hooks, its administrator) and
 * `/company` (the company's hooks, its administrator; the system administrator names the company). The same shapes,
 * so the web's page serves both with the family it is given.
 */
const family = <const P extends '/project' | '/company'>(p: P) => ({
  create: defineRoute('POST', `${p}/webhook`, { body: webhookCreateBody, response: webhookSecret }),
  update: defineRoute('POST', `${p}/webhook/:id`, { params: idParams, body: webhookUpdateBody, response: noData }),
  remove: defineRoute('POST', `${p}/webhook/:id/delete`, { params: idParams, response: noData }),
  rotate: defineRoute('POST', `${p}/webhook/:id/rotate`, { params: idParams, response: webhookSecret }),
  resume: defineRoute('POST', `${p}/webhook/:id/resume`, { params: idParams, response: noData }),
  test: defineRoute('POST', `${p}/webhook/:id/test`, { params: idParams, response: webhookQueued }),
  deliveries: defineRoute('GET', `${p}/webhook/:id/deliveries`, {
    params: idParams,
    query: webhookDeliveriesQuery,
    response: webhookDeliveryPage,
  }),
  resend: defineRoute('POST', `${p}/webhook/:id/resend`, {
    params: idParams,
    body: webhookResendBody,
    response: webhookQueued,
  }),
});

export type WebhookFamily = ReturnType<typeof family>;

/** Webhooks (issue 29 part 5, docs/identity.md). */
export const webhookRoutes = {
  project: family('/project'),
  company: family('/company'),
  projectList: defineRoute('GET', '/project/webhook/list', { response: webhookList }),
  companyList: defineRoute('GET', '/company/webhook/list', { query: companyScopeQuery, response: webhookList }),
  settings: defineRoute('GET', '/system/webhook-settings', { response: webhookSettings }),
  saveSettings: defineRoute('POST', '/system/webhook-settings', { body: webhookSettings, response: noData }),
};
