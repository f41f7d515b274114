import { defineRoute } from './route.ts';
import { signingCertificate, signingCertificateBody } from './seal.ts';

/** The certificate that seals downloaded PDFs (PAdES), kept by the system administrator. */
export const sealRoutes = {
  certificate: defineRoute('GET', '/system/signing-certificate', { response: signingCertificate }),
  saveCertificate: defineRoute('POST', '/system/signing-certificate', {
    body: signingCertificateBody,
    response: signingCertificate,
  }),
};
