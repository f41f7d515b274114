/**
 * The errors of exchange (issue 28: EMS export and import, bulk import, certified copies, the inspection package),
 * in the form of errors.ts (which spreads them into ERRORS): a stable code, its honest HTTP status and the message
 * in both languages. Each part keeps its codes under its own heading.
 */
export const EXCHANGE_ERRORS = {
  // part 1: EMS export
  // part 2: EMS import (package checks, preview, filing)
  // part 3: bulk import without EMS
  // part 4: certified copies
  // part 5: the inspection package
} as const satisfies Record<string, readonly [number, string, string]>;
