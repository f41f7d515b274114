import type { WebhookFamily } from '@edoc/contract/webhook-routes';
import { webhookRoutes as r } from '@edoc/contract/webhook-routes';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { webhooks } from '../../db/schema/identity.ts';
import { companies } from '../../db/schema/companies.ts';
import { projects } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { companyOf, type CompanyAdminContext, type ContextOf, type ProjectContext } from '../../plugins/context.ts';
import { routes } from '../../plugins/route.ts';
import { inCompany } from '../company/account.service.ts';
import { deliveriesPage, listHooks } from './webhook-list.ts';
import { allowPrivateTargets, saveWebhookSettings } from './webhook-settings.ts';
import {
  createHook,
  deleteHook,
  resend,
  resumeHook,
  rotateSecret,
  sendTest,
  updateHook,
  type HookOwner,
} from './webhook.service.ts';

/** The entered project's hooks: its administrator acts on them (the gate), within that project only. */
async function projectOwner(deps: Deps, ctx: ProjectContext): Promise<HookOwner> {
  const [p] = await deps.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, ctx.projectId));
  return { companyId: p.companyId, projectId: ctx.projectId, actor: ctx.actor };
}

/** A company's own hooks: its administrator's, or the one the system administrator names. */
async function companyOwner(tx: Tx, ctx: CompanyAdminContext, named?: number): Promise<HookOwner> {
  const companyId = companyOf(ctx, named);
  const [c] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!c) fail('invalid_value', { field: 'companyId' });
  return { companyId, projectId: null, actor: inCompany(ctx.actor, companyId) };
}

/**
 * The owner of a company hook named by id: the company administrator's own company (ownedHook then finds only its
 * hooks); for the system administrator the hook's company, found first. Another company's hook is unknown (404).
 */
async function companyHookOwner(deps: Deps, ctx: CompanyAdminContext, id: number): Promise<HookOwner> {
  if (ctx.ownCompanyId !== null) return companyOwner(deps.db, ctx);
  const [row] = await deps.db.select({ companyId: webhooks.companyId }).from(webhooks).where(eq(webhooks.id, id));
  if (!row) fail('webhook_not_found');
  return companyOwner(deps.db, ctx, row.companyId);
}

/** The routes of one family (contract webhook-routes.ts), the owner of each call resolved by `ownerOf`. */
function mountFamily<G extends 'projectAdmin' | 'companyAdmin'>(
  api: Api,
  deps: Deps,
  f: WebhookFamily,
  access: G,
  ownerOf: (ctx: ContextOf<G>, id: number) => Promise<HookOwner>,
): void {
  const { get, post } = routes(api);
  post(f.create.path, { access, body: f.create.body, response: f.create.response }, async ({ ctx, body }) => {
    const owner = await (access === 'companyAdmin'
      ? companyOwner(deps.db, ctx as CompanyAdminContext, body.companyId)
      : ownerOf(ctx, 0));
    return createHook(deps, owner, ctx.auth.user.id, body);
  });
  post(
    f.update.path,
    { access, params: f.update.params, body: f.update.body, response: f.update.response },
    async ({ ctx, params, body }) => {
      await updateHook(deps, await ownerOf(ctx, params.id), params.id, body);
      return null;
    },
  );
  post(f.remove.path, { access, params: f.remove.params, response: f.remove.response }, async ({ ctx, params }) => {
    await deleteHook(deps, await ownerOf(ctx, params.id), params.id);
    return null;
  });
  post(f.rotate.path, { access, params: f.rotate.params, response: f.rotate.response }, async ({ ctx, params }) =>
    rotateSecret(deps, await ownerOf(ctx, params.id), params.id),
  );
  post(f.resume.path, { access, params: f.resume.params, response: f.resume.response }, async ({ ctx, params }) => {
    await resumeHook(deps, await ownerOf(ctx, params.id), params.id);
    return null;
  });
  post(f.test.path, { access, params: f.test.params, response: f.test.response }, async ({ ctx, params }) =>
    sendTest(deps, await ownerOf(ctx, params.id), params.id),
  );
  post(
    f.resend.path,
    { access, params: f.resend.params, body: f.resend.body, response: f.resend.response },
    async ({ ctx, params, body }) => resend(deps, await ownerOf(ctx, params.id), params.id, body.deliveryId),
  );
  get(
    f.deliveries.path,
    { access, params: f.deliveries.params, query: f.deliveries.query, response: f.deliveries.response },
    async ({ ctx, params, query }) =>
      deliveriesPage(deps, await ownerOf(ctx, params.id), params.id, query.page, query.pageSize),
  );
}

/** Webhooks (issue 29 part 5): every route as webhookRoutes declares it. */
export function webhookRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  mountFamily(api, deps, r.project, 'projectAdmin', (ctx) => projectOwner(deps, ctx));
  mountFamily(api, deps, r.company, 'companyAdmin', (ctx, id) => companyHookOwner(deps, ctx, id));

  get(r.projectList.path, { access: 'projectAdmin', response: r.projectList.response }, async ({ ctx }) => ({
    list: await listHooks(deps, await projectOwner(deps, ctx)),
  }));
  get(
    r.companyList.path,
    { access: 'companyAdmin', query: r.companyList.query, response: r.companyList.response },
    async ({ ctx, query }) => ({ list: await listHooks(deps, await companyOwner(deps.db, ctx, query.companyId)) }),
  );

  get(r.settings.path, { access: 'systemAdmin', response: r.settings.response }, async () => ({
    allowPrivateTargets: await allowPrivateTargets(deps.db),
  }));
  post(
    r.saveSettings.path,
    { access: 'systemAdmin', body: r.saveSettings.body, response: r.saveSettings.response },
    async ({ ctx, body }) => {
      await saveWebhookSettings(deps.db, ctx.actor, body.allowPrivateTargets);
      return null;
    },
  );
}
