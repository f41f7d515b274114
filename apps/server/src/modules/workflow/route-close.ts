import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRoutes } from '../../db/schema/workflow.ts';
import type { RouteState } from '../../access/workflow-state.ts';

/** Ends a route in the caller's transaction: done, rejected or withdrawn. */
export async function closeRoute(tx: Tx, routeId: number, state: (typeof RouteState)[keyof typeof RouteState]) {
  await tx.update(documentRoutes).set({ state, closedAt: new Date() }).where(eq(documentRoutes.id, routeId));
}
