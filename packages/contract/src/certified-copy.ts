import { z } from 'zod';
import { eSignatureInput } from './workflow-requests.ts';

/**
 * A certified copy (issue 28 part 4, ICH E6 R3): a version checked page by page against its paper original and
 * certified with an e-signature of meaning "certified copy". Shown wherever the version is: who, when (ISO 8601),
 * the sha256 of the content certified and its page count.
 */
export const certifiedCopyShown = z.object({
  by: z.string(),
  at: z.string(),
  sha256: z.string(),
  pages: z.number(),
});
export type CertifiedCopyShown = z.infer<typeof certifiedCopyShown>;

/** The most pages a certifier can be said to have checked; past it the number is refused as a typo. */
export const CERTIFY_PAGES_MAX = 100_000;

/**
 * POST /certified-copy/certify/{id} (the version's id): the pages the certifier checked in the viewer (every page of
 * the content, signature pages left out) and the signing as the workflow asks it (password, the e-mail at the
 * session's first signing, the confirmation tick).
 */
export const certifyBody = z.object({
  pagesChecked: z
    .number('required')
    .int('invalid_value')
    .min(1, 'invalid_value')
    .max(CERTIFY_PAGES_MAX, 'invalid_value'),
  signature: eSignatureInput,
});
export type CertifyBody = z.infer<typeof certifyBody>;

/**
 * The viewer's offer to certify the version it shows (GET /file/{fileId}): the content's page count to check and
 * whether the signing needs the e-mail too. Null when the caller may not certify it now (no certifyDoc, not the
 * current version, already certified, not viewable as pages).
 */
export const certifyOffer = z.object({ pages: z.number(), needsEmail: z.boolean() });
export type CertifyOffer = z.infer<typeof certifyOffer>;
