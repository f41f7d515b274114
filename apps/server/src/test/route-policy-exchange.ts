import { member, withIds, type RoutePolicy } from './route-gates.ts';

/** Exchange (issue 28): EMS export and import, bulk import, certified copies, the inspection package; spread into
 * ROUTE_POLICY (route-policy.ts). Each part keeps its routes under its own heading. */
export const EXCHANGE_POLICY: Record<string, RoutePolicy> = {
  // part 1: EMS export
  'POST /exchange/export': { gate: 'projectMember' },
  'GET /exchange/export/options': { gate: 'projectMember' },
  // part 2: EMS import
  // part 3: bulk import
  // part 4: certified copies
  'POST /certified-copy/certify/{id}': withIds(member, { id: 'version' }, { handlerRefuses: ['staff1'] }),
  // part 5: the inspection package
};
