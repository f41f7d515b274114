import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { probePrograms, PROGRAMS, type ProgramState } from '../../lib/programs.ts';
import { MEDIA, type RawAnswer } from '../../lib/raw-answer.ts';
import { routes } from '../../plugins/route.ts';

const up = z.enum(['up', 'down']);
/** The envelope's shape, with data on both answers: load balancers read the status code, operators the body. */
const healthBody = z.object({
  status: z.boolean(),
  msg: z.enum(['ok', 'unhealthy']),
  data: z.object({
    version: z.string(),
    database: up,
    storage: up,
    /** The optional programs (issue 29 part 6): found or not, and what is off without each. */
    programs: z.array(
      z.object({
        name: z.enum(Object.keys(PROGRAMS) as [keyof typeof PROGRAMS]),
        found: z.boolean(),
        languages: z.array(z.string()).optional(),
        without: z.string().optional(),
      }),
    ),
    /**
     * The read replicas (issue 30 part 3), in DATABASE_READ_URL's order, without their addresses (this answer is
     * public): up or down, and how far behind. One down is no failure: its reads go to the primary.
     */
    replicas: z.array(z.object({ up: z.boolean(), lagMs: z.number().nullable() })),
  }),
  errorCode: z.enum(['system_abnormal']).nullable(),
});
const health: RawAnswer = {
  raw: [MEDIA.json],
  json: healthBody,
  description: 'Database and storage are up.',
  also: { 503: 'Database or storage is down (errorCode system_abnormal).' },
};

/** GET /health: database and storage state, for load balancers and operators. 503 when either is down. */
export function healthRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);
  // Looked up once: a program installed later is seen at the next start, as the start-up's lines say it.
  let programs: Promise<ProgramState[]> | undefined;

  // Sent as it is: an unhealthy answer is a 503 with data, which the success envelope does not describe.
  get('/health', { access: 'public', response: health }, async ({ reply }) => {
    const database = await deps.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    const storage = await deps.blobs.check();
    const healthy = database && storage;
    programs ??= probePrograms(deps.config);
    const found = (await programs).map(({ name, found, languages, without }) => ({ name, found, languages, without }));
    return reply.status(healthy ? 200 : 503).send({
      status: healthy,
      msg: healthy ? 'ok' : 'unhealthy',
      data: {
        version: PRODUCT_VERSION,
        database: database ? 'up' : 'down',
        storage: storage ? 'up' : 'down',
        programs: found,
        replicas: (deps.reads?.states() ?? []).map(({ up, lagMs }) => ({ up, lagMs })),
      },
      errorCode: healthy ? null : 'system_abnormal',
    } satisfies z.input<typeof healthBody>);
  });
}
