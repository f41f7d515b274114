import type { RoutePolicy } from './route-gates.ts';

/** Exchange (issue 28): EMS export and import, bulk import, certified copies, the inspection package; spread into
 * ROUTE_POLICY (route-policy.ts). Each part keeps its routes under its own heading. */
export const EXCHANGE_POLICY: Record<string, RoutePolicy> = {
  // part 1: EMS export
  // part 2: EMS import
  // part 3: bulk import
  // part 4: certified copies
  // part 5: the inspection package
};
