/**
 * Issue 27 part 5: quality issues, problems raised on a document by someone with QC rights, assigned, resolved by
 * the assignee and verified by the raiser (or waived by an administrator). Open ones block archiving.
 */
export const QUALITY_ISSUE_CATEGORIES = [
  'missing_signature',
  'wrong_artifact',
  'wrong_date',
  'illegible',
  'missing_pages',
  'personal_data',
  'other',
] as const;
export type QualityIssueCategory = (typeof QUALITY_ISSUE_CATEGORIES)[number];

/** open → resolved (by the assignee) → verified (by the raiser); resolved → open when the raiser rejects the fix;
 * open or resolved → waived (an administrator, with a reason). */
export const QUALITY_ISSUE_STATES = ['open', 'resolved', 'verified', 'waived'] as const;
export type QualityIssueState = (typeof QUALITY_ISSUE_STATES)[number];
