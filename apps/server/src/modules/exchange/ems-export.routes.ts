import { exchangeExportRoutes as r } from '@edoc/contract/exchange-export-routes';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { createExport, exportOptionsOf } from './ems-export.service.ts';
// Registers the export's packer with the download center's queue (see ems-export-pack.ts).
import './ems-export-pack.ts';

/**
 * Exchange part 1 (issue 28, docs/exchange.md): any member exports what they may view and download, as a task of the
 * download center (listed, downloaded and deleted there). The export itself is a view of the documents: it changes
 * none, hence writes: false (a closed project still exports).
 */
export function emsExportRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);
  get(r.options.path, { access: 'projectMember', response: r.options.response }, ({ ctx }) =>
    exportOptionsOf(deps, ctx),
  );
  post(
    r.create.path,
    { access: 'projectMember', writes: false, body: r.create.body, response: r.create.response },
    ({ ctx, body }) => createExport(deps, ctx, body),
  );
}
