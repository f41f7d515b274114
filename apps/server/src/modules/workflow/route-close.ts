import type { RouteState } from '@edoc/contract/states';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRoutes } from '../../db/schema/workflow.ts';

/** Ends a route in the caller's transaction: done, rejected or withdrawn. */
export async function closeRoute(tx: Tx, routeId: number, state: RouteState) {
  await tx.update(documentRoutes).set({ state, closedAt: new Date() }).where(eq(documentRoutes.id, routeId));
}
