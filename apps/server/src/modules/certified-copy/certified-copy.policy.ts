import { fail } from '../../lib/app-error.ts';

/**
 * Whether a version may be certified now (issue 28 part 4). A certified copy states that this content carries the
 * same information as its paper original: only the document's current version (an older one was replaced, a later
 * scan is what readers see) and only once (the certification is append-only; a new scan is a new version).
 */
export function requireCertifiable(facts: { current: boolean; certified: boolean }): void {
  if (facts.certified) fail('certify_already');
  if (!facts.current) fail('certify_not_current');
}

/**
 * The certifier must have been shown every page of the content: the viewer counts the pages it showed, and the
 * server holds that count to the pages it knows from the PDF or its rendition.
 */
export function requireAllPagesChecked(pagesChecked: number, pages: number): void {
  if (pagesChecked !== pages) fail('certify_pages_unchecked', { field: 'pagesChecked', pages });
}
