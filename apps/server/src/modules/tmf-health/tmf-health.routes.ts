import { tmfHealthRoutes as r } from '@edoc/contract/tmf-health-routes';
import { Readable } from 'node:stream';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { MEDIA, type RawAnswer } from '../../lib/raw-answer.ts';
import { contentDisposition } from '../../lib/send-blob.ts';
import { sendExport } from '../../lib/table-export.ts';
import { companyOf } from '../../plugins/context.ts';
import { routes } from '../../plugins/route.ts';
import { readsOf } from '../../plugins/read-replica.ts';
import { healthIssues, healthItems, healthLate } from './tmf-health-lists.ts';
import { healthMailState, setHealthMail } from './tmf-health-mail.ts';
import { healthPackage } from './tmf-health-recompute.ts';
import { tmfIndex } from './tmf-index.service.ts';
import { companyHealth, healthExport, healthSummary, setHealthTarget } from './tmf-health.service.ts';

const member = 'projectMember' as const;
const healthExportAnswer: RawAnswer = {
  raw: [MEDIA.xlsx, MEDIA.pdf, MEDIA.zip],
  named: true,
  description:
    'The TMF health figures: a workbook (sheets Summary, Groups and Trend), a PDF, or the recomputable package ' +
    '(zip: figures.csv, the rows as CSV, recompute.sql, README.txt).',
};

const tmfIndexAnswer: RawAnswer = {
  raw: [MEDIA.pdf, MEDIA.xlsx],
  named: true,
  description:
    'The TMF index for inspection: every artifact of the model with its expected items, documents (status, ' +
    'version, dates, signatures) and gaps, as a PDF or a workbook (sheets Index, Gaps and Summary).',
};

/**
 * The TMF health dashboard (issue 27 part 6), every route as tmfHealthRoutes declares it: any member of the entered
 * project reads the figures over what they may see (tmf-health.policy.ts), its administrators set the target, the
 * company administrator (the system administrator naming the company, as /tmf-model/*) reads every project's.
 */
export function tmfHealthRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get(
    r.summary.path,
    { access: member, query: r.summary.query, response: r.summary.response, preloadRights: true },
    ({ ctx, query, request }) => healthSummary(readsOf(deps, request), ctx, query),
  );

  get(r.items.path, { access: member, query: r.items.query, response: r.items.response }, ({ ctx, query }) =>
    healthItems(deps, ctx, query),
  );

  get(r.late.path, { access: member, query: r.late.query, response: r.late.response }, ({ ctx, query }) =>
    healthLate(deps, ctx, query),
  );

  get(r.issues.path, { access: member, query: r.issues.query, response: r.issues.response }, ({ ctx, query }) =>
    healthIssues(deps, ctx, query),
  );

  get(
    r.export.path,
    { access: member, query: r.export.query, response: healthExportAnswer },
    async ({ ctx, query, reply }) => {
      const { format } = query;
      if (format !== 'zip') return sendExport(reply, await healthExport(deps, ctx, { ...query, format }));
      // The package streams; its trail row is written as its last byte leaves (tmf-health-recompute.ts).
      const pack = await healthPackage(deps, ctx, query);
      return reply
        .header('Content-Disposition', contentDisposition(pack.fileName))
        .header('Cache-Control', 'no-store')
        .type(MEDIA.zip)
        .send(Readable.from(pack.chunks));
    },
  );

  // The TMF index for inspection (part 7): any member, listing what their rights let them see.
  get(r.index.path, { access: member, query: r.index.query, response: tmfIndexAnswer }, async ({ ctx, query, reply }) =>
    sendExport(reply, await tmfIndex(deps, ctx, query)),
  );

  // The weekly mail: a member subscribes or unsubscribes themself only (no body names another person).
  get(r.mail.path, { access: member, response: r.mail.response }, ({ ctx }) => healthMailState(deps, ctx));

  post(
    r.setMail.path,
    { access: member, body: r.setMail.body, response: r.setMail.response },
    async ({ ctx, body }) => {
      await setHealthMail(deps, ctx, body);
      return null;
    },
  );

  post(
    r.target.path,
    { access: 'projectAdmin', body: r.target.body, response: r.target.response },
    async ({ ctx, body }) => {
      await setHealthTarget(deps, ctx, body);
      return null;
    },
  );

  get(
    r.company.path,
    { access: 'companyAdmin', query: r.company.query, response: r.company.response },
    ({ ctx, query }) => companyHealth(deps, companyOf(ctx, query.companyId)),
  );
}
