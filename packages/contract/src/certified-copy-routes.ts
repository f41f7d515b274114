import { certifiedCopyShown, certifyBody } from './certified-copy.ts';
import { idParams } from './fields.ts';
import { defineRoute } from './route.ts';

/**
 * Issue 28 part 4: certifying a version as a copy of its paper original. The gate admits members; certifyDoc on the
 * document's folder is checked by the server on the document (403 without it).
 */
export const certifiedCopyRoutes = {
  certify: defineRoute('POST', '/certified-copy/certify/:id', {
    params: idParams,
    body: certifyBody,
    response: certifiedCopyShown,
  }),
};
