import { z } from 'zod';

/* The value shapes of exchange's trail rows (issue 28): EMS export and import, bulk import, certified copies, the
 * inspection package. trail.ts pairs them with trail and object types as it does trail-shapes.ts's. Each part keeps
 * its shapes under its own heading. */

// part 1: EMS export
// part 2: EMS import
// part 3: bulk import
// part 4: certified copies
// part 5: the inspection package

/** Keeps zod imported while the parts fill this file in. */
export const exchangeShapesReady = z.literal(true);
