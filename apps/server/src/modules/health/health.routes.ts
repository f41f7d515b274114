import { PRODUCT_VERSION } from '@edoc/contract/limits';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../lib/route.ts';

/** GET /health: database and storage state, for load balancers and operators. 503 when either is down. */
export function healthRoutes(api: Api, deps: Deps): void {
  const { get } = routes(api);

  // 'raw': an unhealthy answer is a 503 with data, which the success envelope does not describe.
  get('/health', { access: 'public', response: 'raw' }, async ({ reply }) => {
    const database = await deps.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    const storage = await deps.blobs.check();
    const healthy = database && storage;
    return reply.status(healthy ? 200 : 503).send({
      status: healthy,
      msg: healthy ? 'ok' : 'unhealthy',
      data: { version: PRODUCT_VERSION, database: database ? 'up' : 'down', storage: storage ? 'up' : 'down' },
      errorCode: healthy ? null : 'system_abnormal',
    });
  });
}
