import { defineRoute } from './route.ts';
import { sealCertificate, sealCertificateBody } from './seal.ts';

/** The certificate that seals downloaded PDFs (PAdES), kept by the system administrator. */
export const sealRoutes = {
  certificate: defineRoute('GET', '/system/signing-certificate', { response: sealCertificate }),
  saveCertificate: defineRoute('POST', '/system/signing-certificate', {
    body: sealCertificateBody,
    response: sealCertificate,
  }),
};
