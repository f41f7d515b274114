import { member, withIds, type RoutePolicy } from './route-gates.ts';

/** Exchange (issue 28): EMS export and import, bulk import, certified copies, the inspection package; spread into
 * ROUTE_POLICY (route-policy.ts). Each part keeps its routes under its own heading. */
export const EXCHANGE_POLICY: Record<string, RoutePolicy> = {
  // part 1: EMS export
  'POST /exchange/export': { gate: 'projectMember' },
  'GET /exchange/export/options': { gate: 'projectMember' },
  // part 2: EMS import
  // Import needs importDoc on some folder (staff1 holds none); a server path, a system / company administrator.
  'POST /exchange/import': { gate: 'projectMember', handlerRefuses: ['staff1'] },
  'POST /exchange/import/server': { gate: 'projectMember', handlerRefuses: ['pm1', 'staff1'] },
  'GET /exchange/import/list': { gate: 'projectMember', handlerRefuses: ['staff1'] },
  'GET /exchange/import/{id}': withIds(member, { id: 'exchangeImport' }, { handlerRefuses: ['staff1'] }),
  'GET /exchange/import/{id}/rows': withIds(member, { id: 'exchangeImport' }, { handlerRefuses: ['staff1'] }),
  'POST /exchange/import/{id}/rows': withIds(member, { id: 'exchangeImport' }, { handlerRefuses: ['staff1'] }),
  'POST /exchange/import/{id}/accept': withIds(member, { id: 'exchangeImport' }, { destructive: true }),
  'POST /exchange/import/{id}/cancel': withIds(member, { id: 'exchangeImport' }, { destructive: true }),
  'GET /file/source/{id}': withIds(member, { id: 'file' }, { handlerRefuses: ['staff1'] }),
  // part 3: bulk import (importDoc on some folder, as the EMS import; staff1 holds none)
  'POST /exchange/bulk': { gate: 'projectMember', handlerRefuses: ['staff1'] },
  'GET /exchange/bulk/template': { gate: 'projectMember' },
  'GET /exchange/bulk/list': { gate: 'projectMember', handlerRefuses: ['staff1'] },
  'GET /exchange/bulk/{id}': withIds(member, { id: 'bulkImport' }, { handlerRefuses: ['staff1'] }),
  'GET /exchange/bulk/{id}/rows': withIds(member, { id: 'bulkImport' }, { handlerRefuses: ['staff1'] }),
  'POST /exchange/bulk/{id}/rows': withIds(member, { id: 'bulkImport' }, { handlerRefuses: ['staff1'] }),
  'POST /exchange/bulk/{id}/accept': withIds(member, { id: 'bulkImport' }, { destructive: true }),
  'POST /exchange/bulk/{id}/cancel': withIds(member, { id: 'bulkImport' }, { destructive: true }),
  // part 4: certified copies
  'POST /certified-copy/certify/{id}': withIds(member, { id: 'version' }, { handlerRefuses: ['staff1'] }),
  // part 5: the inspection package
};
