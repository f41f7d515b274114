import { and, eq } from 'drizzle-orm';
import { reportDefinition } from '@edoc/contract/custom-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../db/schema/notices.ts';
import { boardAttachments } from '../db/schema/board.ts';
import { countries, folders, groups, members, roles, sites } from '../db/schema/projects.ts';
import { codes, codeTypes, tags } from '../db/schema/catalog.ts';
import { downloadTasks } from '../db/schema/documents.ts';
import { documentRoutes } from '../db/schema/workflow.ts';
import { deletionApplications } from '../db/schema/library.ts';
import { releases } from '../db/schema/releases.ts';
import { customReports } from '../db/schema/reports.ts';
import { templates } from '../db/schema/templates.ts';
import { milestoneTypes } from '../db/schema/milestones.ts';
import { qualityIssues } from '../db/schema/quality.ts';
import { exchangeImports } from '../db/schema/exchange.ts';
import { apiTokens, ssoGroupRules, ssoProviders, webhooks } from '../db/schema/identity.ts';
import { expectedItems } from '../db/schema/expected.ts';
import { tmfArtifacts, tmfModels } from '../db/schema/tmf-models.ts';
import { INSPECTOR_ROUTES, inspectorUseOf } from '../access/inspector.policy.ts';
import { createTestContext, type TestContext } from './context.ts';
import {
  createCompany,
  createCompanyAdmin,
  createProjectUser,
  createProjectWorld,
  createUser,
  enterAsInspector,
  joinProject,
  SAMPLE,
  signIn,
  type ProjectWorld,
} from './factories.ts';
import { bearer, client, multipart } from './requests.ts';
import { ROUTE_POLICY, type Gate } from './route-policy.ts';

/**
 * The authorisation matrix of issue 3: every /edoc route, called as every kind of caller. The expected gate of
 * each route is written down in route-policy.ts, apart from the routes themselves, so a route that forgets its
 * gate (or a gate that drifts) fails here. Path ids are always ids of company A / project 1, so the callers of
 * company B and project 2 also prove that nothing of another tenant can be read or changed through their session.
 */

type Persona = 'anon' | 'sys' | 'adminA' | 'adminB' | 'pm1' | 'staff1' | 'staff2' | 'insp1';
const PERSONAS: Persona[] = ['anon', 'sys', 'adminA', 'adminB', 'pm1', 'staff1', 'staff2', 'insp1'];

/**
 * Who passes each gate at all. The inspector of project 1 (issue 11) passes the member gate only on the routes
 * access/inspector.policy.ts lists; the ids the matrix uses are of a draft document, which an inspector may never
 * read, so they are not among the OWNERS: any 2xx of theirs on an id is a leak.
 */
const PASSES: Record<Gate, Persona[]> = {
  public: PERSONAS,
  signedIn: ['sys', 'adminA', 'adminB', 'pm1', 'staff1', 'staff2', 'insp1'],
  systemAdmin: ['sys'],
  companyAdmin: ['sys', 'adminA', 'adminB'],
  projectMember: ['pm1', 'staff1', 'staff2', 'insp1'],
  projectAdmin: ['pm1'],
};

/** The callers that own the ids put into paths (company A, project 1); others passing the gate are tenants of elsewhere. */
const OWNERS: Persona[] = ['sys', 'adminA', 'pm1', 'staff1'];

let ctx: TestContext;
let world: ProjectWorld;
const tokens = {} as Record<Persona, string | null>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'MATRIX-1');
  const sys = await createUser(ctx.db, { userType: 1 });
  const companyB = await createCompany(ctx.db);
  const adminB = await createCompanyAdmin(ctx.db, companyB.id);
  // Project 2 belongs to company A too: the boundary between projects of one company is the harder one.
  const project2 = (
    await client(ctx.app, world.admin.token).post('/project/create', { code: 'MATRIX-2', name: 'Second' })
  ).json().data.studyId as number;
  const [staffRole2] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, project2), eq(roles.code, 'STU_STAFF')));
  const staff2 = await joinProject(ctx, { companyId: world.companyId, projectId: project2 }, staffRole2.id);
  const insp1 = await enterAsInspector(ctx, world);
  Object.assign(tokens, {
    anon: null,
    sys: await signIn(ctx, sys.email),
    adminA: world.admin.token,
    adminB: await signIn(ctx, adminB.email),
    pm1: world.pm.token,
    staff1: world.staff.token,
    staff2: staff2.token,
    insp1: insp1.token,
  });
  const [site] = await ctx.db
    .insert(sites)
    .values({ projectId: world.projectId, name: 'Site', code: 'S1' })
    .returning();
  // A country of the project (issue 27 part 3), without sites: the administrator's delete succeeds.
  const [country] = await ctx.db
    .insert(countries)
    .values({ projectId: world.projectId, code: 'ZZ', name: 'Matrix country' })
    .returning();
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'CRA', name: 'CRA', docKeys: ['viewDoc'] })
    .returning();
  const [member] = await ctx.db.select().from(members).where(eq(members.userId, world.staff.id));
  const [folder] = await ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, world.projectId), eq(folders.ichCode, '8.2.1')));
  const [notice] = await ctx.db
    .insert(notices)
    .values({ subject: 's', contents: 'c', effectiveTime: new Date(), createdBy: sys.id })
    .returning();
  const [group] = await ctx.db
    .insert(groups)
    .values({ projectId: world.projectId, name: 'Monitors', memberIds: [world.staff.id] })
    .returning();
  const [release] = await ctx.db
    .insert(releases)
    .values({ version: '9.9.9', releasedOn: '2026-01-01', notesZh: '新', notesEn: 'New' })
    .returning();
  const [template] = await ctx.db
    .insert(templates)
    .values({ companyId: world.companyId, name: 'Company tree', type: 2 })
    .returning();
  // A draft TMF model of company A (issue 27).
  const [tmfModel] = await ctx.db
    .insert(tmfModels)
    .values({ companyId: world.companyId, name: 'Matrix model' })
    .returning();
  // A milestone type of company A, not dated by any project: its delete succeeds.
  const [milestoneType] = await ctx.db
    .insert(milestoneTypes)
    .values({
      companyId: world.companyId,
      code: 'matrix_type',
      nameEn: 'Matrix',
      nameZh: '矩阵',
      level: 'trial',
      position: 50,
    })
    .returning();
  const [codeType] = await ctx.db
    .insert(codeTypes)
    .values({ companyId: world.companyId, code: 'DOC', name: 'Document types' })
    .returning();
  const [code] = await ctx.db
    .insert(codes)
    .values({ companyId: world.companyId, typeId: codeType.id, code: 'PRT', name: 'Protocol' })
    .returning();
  const [tag] = await ctx.db.insert(tags).values({ projectId: world.projectId, name: 'Urgent' }).returning();
  const upload = multipart({ folderId: folder.id, name: 'Protocol' }, { name: 'protocol.pdf', content: SAMPLE.pdf() });
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/edoc/minio/file/save',
    headers: { ...bearer(world.pm.token), ...upload.headers },
    payload: upload.payload,
  });
  const { fileId, fileVersionId } = saved.json().data as { fileId: number; fileVersionId: number };
  // A completed pack of project 1's administrator: the creator and administrators may fetch it, nobody else.
  const [task] = await ctx.db
    .insert(downloadTasks)
    .values({
      projectId: world.projectId,
      userId: world.pm.id,
      name: 'Pack',
      documentIds: [fileId],
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  // A finished review request of that document (its discussion is readable to those who may view it).
  const [route] = await ctx.db
    .insert(documentRoutes)
    .values({
      projectId: world.projectId,
      documentId: fileId,
      versionId: fileVersionId,
      senderId: world.pm.id,
      state: 1,
    })
    .returning();
  // A decided application to delete it (the library's deletion by approval).
  const [deletion] = await ctx.db
    .insert(deletionApplications)
    .values({
      projectId: world.projectId,
      documentId: fileId,
      applicantId: world.pm.id,
      approverId: world.pm.id,
      reason: 'Matrix',
      state: 2,
    })
    .returning();
  // An open quality issue on that document (issue 27 part 5), raised by the administrator for the staff member.
  const [qualityIssue] = await ctx.db
    .insert(qualityIssues)
    .values({
      projectId: world.projectId,
      documentId: fileId,
      category: 'other',
      comment: 'Matrix',
      raisedBy: world.pm.id,
      assigneeId: world.staff.id,
    })
    .returning();
  // An EMS import of project 1 in preview (issue 28 part 2), by the administrator.
  const [exchangeImport] = await ctx.db
    .insert(exchangeImports)
    .values({
      projectId: world.projectId,
      userId: world.pm.id,
      kind: 'ems',
      state: 'preview',
      packageName: 'm.zip',
      packageSha256: '0'.repeat(64),
    })
    .returning();
  // A bulk import of project 1 in preview (issue 28 part 3), by the administrator.
  const [bulkImport] = await ctx.db
    .insert(exchangeImports)
    .values({
      projectId: world.projectId,
      userId: world.pm.id,
      kind: 'bulk',
      state: 'preview',
      packageName: 'b.zip',
      packageSha256: '1'.repeat(64),
    })
    .returning();
  // Issue 29: company A's OpenID provider and a group rule, an API token of the administrator, a service account.
  const [ssoProvider] = await ctx.db
    .insert(ssoProviders)
    .values({
      companyId: world.companyId,
      label: 'Matrix',
      issuer: 'https://idp.example',
      clientId: 'c',
      clientSecret: 's',
    })
    .returning();
  const [ssoRule] = await ctx.db
    .insert(ssoGroupRules)
    .values({ companyId: world.companyId, groupName: 'matrix', projectId: world.projectId, roleCode: 'STU_STAFF' })
    .returning();
  const [apiToken] = await ctx.db
    .insert(apiTokens)
    .values({
      userId: world.pm.id,
      createdBy: world.pm.id,
      name: 'Matrix',
      tokenHash: '1'.repeat(64),
      prefix: 'edoc_pat_mat',
      scopes: ['documents:read'],
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const serviceAccount = await createProjectUser(ctx.db, world.companyId, { isServiceAccount: true });
  // Issue 29 part 5: a webhook of project 1 and one of company A.
  const hook = { companyId: world.companyId, url: 'https://hooks.example/x', secret: 's', events: ['task.created'] };
  const [webhook] = await ctx.db
    .insert(webhooks)
    .values({ ...hook, projectId: world.projectId, createdBy: world.pm.id })
    .returning();
  const [companyWebhook] = await ctx.db
    .insert(webhooks)
    .values({ ...hook, createdBy: world.admin.id })
    .returning();
  // An expected trial-level document of project 1 (issue 27 part 4), of any artifact.
  const [artifact] = await ctx.db.select({ id: tmfArtifacts.id }).from(tmfArtifacts).limit(1);
  const [expectedItem] = await ctx.db
    .insert(expectedItems)
    .values({ projectId: world.projectId, artifactId: artifact.id, level: 'trial' })
    .returning();
  const applicant = await createProjectUser(ctx.db, world.companyId, { approvalStatus: 0, origin: 1 });
  // A message-board topic of project 1 with a file, and a reply to it (issue 14).
  const board = client(ctx.app, world.pm.token);
  const topic = (
    await board.form('/board/topic/a', { subject: 'Matrix', body: 'Hello' }, { name: 'a.pdf', content: SAMPLE.pdf() })
  ).json().data.id as number;
  const boardReply = (await board.form('/board/reply/a', { topicId: topic, body: 'Reply' })).json().data.id as number;
  const [attachment] = await ctx.db.select().from(boardAttachments).where(eq(boardAttachments.topicId, topic));
  // A custom report of project 1's staff member, shared with the project (issue 14).
  const [customReport] = await ctx.db
    .insert(customReports)
    .values({
      projectId: world.projectId,
      ownerId: world.staff.id,
      name: 'Matrix',
      shared: true,
      definition: reportDefinition.parse({ dataset: 'documents', columns: ['name'], filters: [], chartType: 'table' }),
    })
    .returning();
  Object.assign(ids, {
    company: world.companyId,
    project: world.projectId,
    site: site.id,
    country: country.id,
    role: role.id,
    member: member.id,
    group: group.id,
    release: release.id,
    template: template.id,
    tmfModel: tmfModel.id,
    milestoneType: milestoneType.id,
    qualityIssue: qualityIssue.id,
    exchangeImport: exchangeImport.id,
    bulkImport: bulkImport.id,
    ssoProvider: ssoProvider.id,
    ssoRule: ssoRule.id,
    apiToken: apiToken.id,
    serviceAccount: serviceAccount.id,
    webhook: webhook.id,
    companyWebhook: companyWebhook.id,
    expectedItem: expectedItem.id,
    codeType: codeType.id,
    code: code.id,
    tag: tag.id,
    file: fileId,
    version: fileVersionId,
    downloadTask: task.id,
    route: route.id,
    deletion: deletion.id,
    ticket: 0,
    inspector: insp1.grantId,
    folder: folder.id,
    notice: notice.id,
    applicant: applicant.id,
    user: world.staff.id,
    topic,
    reply: boardReply,
    attachment: attachment.id,
    customReport: customReport.id,
  });
  await ctx.app.ready(); // the OpenAPI document, our list of routes, exists once the app is ready
});

afterAll(async () => {
  await ctx.close();
});

interface RouteInfo {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

function everyRoute(): RouteInfo[] {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const out: RouteInfo[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const method of Object.keys(ops)) {
      const upper = method.toUpperCase();
      if (upper === 'GET' || upper === 'POST' || upper === 'DELETE')
        out.push({ method: upper, path: path.replace(/^\/edoc/, '') });
    }
  }
  return out;
}

/** Whether the inspector policy lists the route (its paths are written as declared: `:id`, not `{id}`). */
const forInspector = (route: RouteInfo) =>
  inspectorUseOf(route.method, route.path.replace(/\{(\w+)\}/g, ':$1')) !== undefined;

/** Fills `{param}` with the id of company A's / project 1's object that the route's resource names. */
function concrete(route: RouteInfo): string {
  const policy = ROUTE_POLICY[`${route.method} ${route.path}`];
  return route.path.replace(/\{(\w+)\}/g, (_whole, param: string) => {
    const kind = policy?.ids?.[param];
    if (!kind) throw new Error(`route-policy.ts: say which object {${param}} of ${route.method} ${route.path} names`);
    if (ids[kind] === undefined) throw new Error(`the matrix makes no ${kind} yet`);
    // A ticket is its own credential: the matrix holds none, so every caller meets an unknown one (404).
    if (kind === 'ticket') return 'unknown-ticket-0000000000000000000000000000';
    return String(ids[kind]);
  });
}

async function call(persona: Persona, route: RouteInfo) {
  const token = tokens[persona];
  const res = await ctx.app.inject({
    method: route.method,
    url: `/edoc${concrete(route)}`,
    headers: token ? bearer(token) : {},
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
  return res.statusCode;
}

describe('authorisation matrix', () => {
  it('has a written policy for every route, and no policy for a route that does not exist', () => {
    const keys = everyRoute().map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !ROUTE_POLICY[k])).toEqual([]);
    expect(Object.keys(ROUTE_POLICY).filter((k) => !keys.includes(k))).toEqual([]);
  });

  // The list is the one statement of what an inspector may call (no route declares it): a stale or misspelt entry
  // would otherwise go unnoticed; whether the server holds to it is the next test's.
  it("lists for inspectors only routes that exist, each a member's or a link's", () => {
    const routes = everyRoute();
    const listed = routes.filter(forInspector).map((r) => `${r.method} ${r.path}`);
    expect(listed).toHaveLength(Object.keys(INSPECTOR_ROUTES).length);
    for (const key of listed) expect(['projectMember', 'public'], key).toContain(ROUTE_POLICY[key].gate);
  });

  it('refuses every caller the gate does not admit, and lets the others through', async () => {
    const wrong: string[] = [];
    const routes = everyRoute();
    for (const route of routes) {
      const policy = ROUTE_POLICY[`${route.method} ${route.path}`];
      const projectGate = policy.gate === 'projectMember' || policy.gate === 'projectAdmin';
      const passes = PASSES[policy.gate].filter((p) => p !== 'insp1' || !projectGate || forInspector(route));
      for (const persona of PERSONAS) {
        const admitted = passes.includes(persona);
        // A route that changes state with no body is called only by callers who must be refused: outsiders, and
        // tenants of elsewhere aiming at company A's / project 1's ids (logout would end the caller's own session).
        // The inspector owns its project (a favourite mark on it is theirs) but nothing else an id names here (a
        // draft): it must pass the routes it is allowed that name no other object.
        const inspected = Object.values(policy.ids ?? {}).every((kind) => kind === 'project');
        const owner = OWNERS.includes(persona) || (persona === 'insp1' && inspected);
        const foreignIds = !owner && route.path.includes('{');
        if (admitted && policy.destructive && !foreignIds) continue;
        const status = await call(persona, route);
        const refused = status === 401 || status === 403;
        if (!admitted && !refused) wrong.push(`${persona} ${route.method} ${route.path} → ${status}, expected refusal`);
        if (admitted && owner && refused && !policy.handlerRefuses?.includes(persona))
          wrong.push(`${persona} ${route.method} ${route.path} → ${status}, expected to pass`);
        if (admitted && !owner && route.path.includes('{') && status >= 200 && status < 300)
          wrong.push(`${persona} ${route.method} ${route.path} → ${status} on another tenant's id`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a company administrator who names another company's id in the query", async () => {
    const wrong: string[] = [];
    for (const route of everyRoute()) {
      const policy = ROUTE_POLICY[`${route.method} ${route.path}`];
      if (policy.gate !== 'companyAdmin' || route.method !== 'GET' || route.path.includes('{')) continue;
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/edoc${route.path}?companyId=${ids.company}`,
        headers: bearer(tokens.adminB!),
      });
      // 403, or 400 where another required parameter is missing: either way nothing of company A is answered.
      if (res.statusCode !== 403 && res.statusCode !== 400)
        wrong.push(`adminB GET ${route.path}?companyId=A → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
