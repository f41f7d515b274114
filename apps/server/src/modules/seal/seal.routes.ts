import { sealCertificate, sealCertificateBody } from '@edoc/contract/seal';
import type { Deps } from '../../lib/deps.ts';
import type { Api } from '../../lib/http.ts';
import { routes } from '../../plugins/route.ts';
import { currentSealKey, describeKey, installSealKey } from './seal-key.service.ts';

/**
 * The document-signing certificate (DESIGN §7): downloaded signed PDFs carry a PAdES signature by it. The server
 * makes a self-signed one at first start; the system administrator sees it and may install the company's own
 * (PEM key and chain, or PKCS#12 with its password), which signs every download from then on.
 */
export function sealRoutes(api: Api, deps: Deps): void {
  const { get, post } = routes(api);

  get('/system/signing-certificate', { access: 'systemAdmin', response: sealCertificate }, async () =>
    describeKey(await currentSealKey(deps.db)),
  );

  post(
    '/system/signing-certificate',
    { access: 'systemAdmin', body: sealCertificateBody, response: sealCertificate },
    ({ ctx, body }) => installSealKey(deps.db, ctx, body),
  );
}
