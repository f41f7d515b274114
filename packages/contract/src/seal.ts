import { z } from 'zod';

/** A PEM key, a PEM chain or a base64 PKCS#12 file: a few kilobytes; this bounds what the server parses. */
export const SEAL_MATERIAL_MAX = 65_536;

export const sealMaterial = z.string('required').trim().min(1, 'required').max(SEAL_MATERIAL_MAX, 'too_long');

/**
 * POST /system/signing-certificate: the company's document-signing certificate replaces the one in use. Either a PEM
 * private key (RSA or EC, unencrypted PKCS#1/PKCS#8/SEC1) with the PEM certificate chain, the signing certificate
 * first or anywhere in it; or a PKCS#12 file (base64) with its password.
 */
export const sealCertificateBody = z
  .object({
    privateKey: sealMaterial.optional(),
    certificate: sealMaterial.optional(),
    pkcs12: sealMaterial.regex(/^[A-Za-z0-9+/=\s]+$/, 'invalid_value').optional(),
    password: z.string('invalid_value').max(1024, 'too_long').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.pkcs12) return;
    for (const field of ['privateKey', 'certificate'] as const)
      if (!b[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
  });
export type SealCertificateBody = z.infer<typeof sealCertificateBody>;

/** The certificate downloaded PDFs are signed with, as an administrator checks it. */
export const sealCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** SHA-256 of the certificate's DER, hex with colons (as browsers and openssl show it). */
  fingerprintSha256: z.string(),
  /** 'generated': the server's own self-signed certificate; 'installed': one an administrator installed. */
  source: z.enum(['generated', 'installed']),
  /** Certificates in the chain, the signing one included. */
  chainLength: z.number(),
  installedAt: z.string(),
  /** The signing certificate, for readers to be told to trust it (a self-signed one is trusted by nobody else). */
  certificatePem: z.string(),
});
export type SealCertificate = z.infer<typeof sealCertificate>;
