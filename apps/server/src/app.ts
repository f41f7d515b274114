import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, PRODUCT_VERSION } from '@edoc/contract/limits';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Deps } from './lib/deps.ts';
import type { Api } from './lib/http.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyUserRoutes } from './modules/company/company-user.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { customReportRoutes } from './modules/custom-report/custom-report.routes.ts';
import { trailRoutes } from './modules/trail/trail.routes.ts';
import { boardRoutes } from './modules/board/board.routes.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { documentManageRoutes } from './modules/document/document-manage.routes.ts';
import { documentRoutes } from './modules/document/document.routes.ts';
import { editingRoutes } from './modules/editing/editing.routes.ts';
import { WEBDAV_METHODS, webdavRoutes } from './modules/editing/webdav.routes.ts';
import { editorOrigins } from './modules/editing/wopi-discovery.ts';
import { wopiRoutes } from './modules/editing/wopi.routes.ts';
import { protocolsDocRoute } from './modules/editing/protocols.openapi.ts';
import { apiTokenScheme } from './plugins/token-auth.ts';
import { withTokenScopes } from './plugins/openapi-security.ts';
import { downloadRoutes } from './modules/download/download.routes.ts';
import { folderRoutes } from './modules/folder/folder.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { noticeRoutes } from './modules/notice/notice.routes.ts';
import { projectRoutes } from './modules/project/project.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { releaseRoutes } from './modules/release/release.routes.ts';
import { sealRoutes } from './modules/seal/seal.routes.ts';
import { jobQueueRoutes } from './modules/job-queue/job-queue.routes.ts';
import { projectEntryRoutes } from './modules/project/project-entry.routes.ts';
import { handwritingRoutes } from './modules/user/handwriting.routes.ts';
import { projectAlertRoutes } from './modules/user/project-alert.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { groupRoutes } from './modules/group/group.routes.ts';
import { memberManageRoutes } from './modules/member/member-manage.routes.ts';
import { projectSettingsRoutes } from './modules/project/project-settings.routes.ts';
import { roleRoutes } from './modules/role/role.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { codeRoutes } from './modules/code/code.routes.ts';
import { tagRoutes } from './modules/tag/tag.routes.ts';
import { companyTemplateRoutes } from './modules/template/company-template.routes.ts';
import { tmfModelRoutes } from './modules/tmf-model/tmf-model.routes.ts';
import { tmfProjectRoutes } from './modules/tmf-project/tmf-project.routes.ts';
import { countryRoutes } from './modules/country/country.routes.ts';
import { milestoneRoutes } from './modules/milestone/milestone.routes.ts';
import { milestoneTypeRoutes } from './modules/milestone/milestone-type.routes.ts';
import { expectedRoutes } from './modules/expected/expected.routes.ts';
import { qualityIssueRoutes } from './modules/quality-issue/quality-issue.routes.ts';
import { certifiedCopyRoutes } from './modules/certified-copy/certified-copy.routes.ts';
import { tmfHealthRoutes } from './modules/tmf-health/tmf-health.routes.ts';
import { viewerRoutes } from './modules/viewer/viewer.routes.ts';
import { workflowRoutes } from './modules/workflow/workflow.routes.ts';
import { taskRoutes } from './modules/task/task.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { inspectorRoutes } from './modules/inspector/inspector.routes.ts';
import { emsExportRoutes } from './modules/exchange/ems-export.routes.ts';
import { emsImportRoutes } from './modules/exchange/ems-import.routes.ts';
import { bulkImportRoutes } from './modules/bulk-import/bulk-import.routes.ts';
import { totpRoutes } from './modules/totp/totp.routes.ts';
import { apiTokenRoutes } from './modules/api-token/api-token.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { webhookRoutes } from './modules/webhook/webhook.routes.ts';
import { registerInspectionTrail } from './modules/inspector/inspection-trail.ts';
import { registerReadReplicas } from './plugins/read-replica.ts';
import { useSignInSteps } from './modules/auth/login.service.ts';
import { passwordSignInAllowed } from './modules/sso/sso-login.ts';
import { secondFactorStep } from './modules/totp/totp-sign-in.ts';
import { registerMetrics } from './modules/metrics/metrics.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkError, registerErrors } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerInputRules } from './plugins/input-rules.ts';

/** Each module's routes, mounted under /edoc. A later module adds one line here. */
const MODULES: Array<(api: Api, deps: Deps) => void> = [
  healthRoutes,
  companyTemplateRoutes,
  tmfModelRoutes,
  tmfProjectRoutes,
  countryRoutes,
  milestoneRoutes,
  milestoneTypeRoutes,
  expectedRoutes,
  qualityIssueRoutes,
  tmfHealthRoutes,
  certifiedCopyRoutes,
  codeRoutes,
  tagRoutes,
  authRoutes,
  totpRoutes,
  apiTokenRoutes,
  ssoRoutes,
  webhookRoutes,
  userRoutes,
  noticeRoutes,
  projectRoutes,
  projectEntryRoutes,
  memberRoutes,
  folderRoutes,
  documentRoutes,
  documentManageRoutes,
  editingRoutes,
  downloadRoutes,
  trailRoutes,
  companyRoutes,
  companyUserRoutes,
  registrationRoutes,
  siteRoutes,
  roleRoutes,
  groupRoutes,
  memberManageRoutes,
  projectSettingsRoutes,
  releaseRoutes,
  sealRoutes,
  jobQueueRoutes,
  projectAlertRoutes,
  handwritingRoutes,
  viewerRoutes,
  workflowRoutes,
  taskRoutes,
  libraryRoutes,
  searchRoutes,
  inspectorRoutes,
  customReportRoutes,
  boardRoutes,
  reportRoutes,
  emsExportRoutes,
  emsImportRoutes,
  bulkImportRoutes,
];

/** The signing re-authentication window's way back from the provider (see the onSend hook). */
const SSO_RETURN = new RegExp(`^(${API_BASE}/sso/callback|/sso/proof)([?#]|$)`);

/**
 * Every module's routes on the instance buildApp mounts under API_BASE. Exported for contract-routes.test.ts, which
 * mounts them on a bare instance to read what each route declares and hold it against the contract's route table.
 */
export function mountModules(api: Api, deps: Deps): void {
  for (const mount of MODULES) mount(api, deps);
}

export async function buildApp(deps: Deps, opts: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answers of the API (JSON, documents, packs) are personal and may be confidential: no cache keeps them.
    if (request.url.startsWith(API_BASE)) reply.header('cache-control', 'no-store');
    // The window's way back from the provider (the callback's redirect, then /sso/proof) carries no opener policy:
    // coming from the provider's page (none) to one with a policy would put it in a new browsing context group,
    // without the opener that /sso/proof posts the proof to.
    if (SSO_RETURN.test(request.url)) reply.removeHeader('cross-origin-opener-policy');
  });

  const wopiUrl = deps.config.WOPI_DISCOVERY_URL;
  // Read per response: the editor's pages may live at another origin than its discovery, known once it is read.
  const editorSources = () => (wopiUrl ? editorOrigins(wopiUrl).join(' ') : "'none'");
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd injects its styles at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        // The viewer page frames the WOPI editor and posts the access token to it in a form (issue 15).
        ...(wopiUrl ? { frameSrc: ["'self'", editorSources], formAction: ["'self'", editorSources] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // The signing re-authentication (issue 29 part 2) opens the provider in a window that must stay the dialog's:
    // under `same-origin` the window's trip to the provider cut it off from its opener, and the proof never came back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fields: 50, fileSize: 1024 * 1024 * 1024 } });
  const toComponents = createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'edoc API', version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiToken: apiTokenScheme } },
      // Either a session's token or an API token (issue 29 part 4), within its scopes.
      security: [{ bearer: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
    // The schemas with an id (the recursive trees of @edoc/contract) as components, which their $refs name.
    transformObject: (input) => withTokenScopes(toComponents(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}/docs`,
    uiConfig: {
      // Runs in the browser: the page asks for the document (and tries calls) with the tab's edoc session, which
      // the web app keeps in sessionStorage (lib/session.ts), since the document is for signed-in users.
      // Serialised with toString(): no helpers, nothing from this module.
      requestInterceptor: (req) => {
        const tab = globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } };
        const token = tab.sessionStorage.getItem('edoc.token');
        if (token && !req.headers.Authorization) req.headers.Authorization = `Bearer ${JSON.parse(token) as string}`;
        return req;
      },
    },
  });

  const webDist = deps.config.WEB_DIST;
  const spa = !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (spa) {
    // Issue 16: the build's .br / .gz beside each file are sent to browsers that take them (Vary: Accept-Encoding);
    // hashed assets never change, so browsers keep them; index.html (and the SPA fallback) is asked for every time.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        const hashed = file.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerErrors(app, { spa });
  registerMetrics(app, deps);
  registerAuth(app, deps.db, { docsPublic: deps.config.API_DOCS_PUBLIC });
  registerInspectionTrail(app, deps.db);
  registerInputRules(app);
  registerIdempotency(app, deps.db);
  registerReadReplicas(app, deps);
  // Issue 29: single sign-on's and the second factor's say in a password sign-in (modules/auth/login.service.ts).
  useSignInSteps({ passwordAllowed: passwordSignInAllowed, secondFactor: secondFactorStep });

  await app.register(async (api) => mountModules(api, deps), { prefix: API_BASE });
  // The editing sessions' own protocols (issue 15), outside the /edoc envelope: the unique symbol authenticates.
  for (const m of WEBDAV_METHODS) app.addHttpMethod(m.method, { hasBody: m.hasBody });
  await app.register(async (dav) => webdavRoutes(dav, deps), { prefix: '/dav' });
  await app.register(async (wopi) => wopiRoutes(wopi, deps), { prefix: '/wopi' });
  protocolsDocRoute(app);

  return app;
}
