import type { QualityIssue } from '@edoc/contract/quality-issue';

const NONE = { resolve: false, verify: false, reopen: false, waive: false, reassign: false };

/** An open issue on document 1 (the document fixtures' "Protocol"), raised by Pat for Li Lei; `more` changes it. */
export function issue(id: number, more: Partial<QualityIssue> = {}): QualityIssue {
  return {
    id,
    documentId: 1,
    documentName: 'Protocol',
    versionNo: 'V1.0',
    page: 3,
    category: 'missing_signature',
    comment: 'The investigator did not sign page 3',
    state: 'open',
    raisedBy: { id: 5, name: 'Pat' },
    assignee: { id: 7, name: 'Li Lei' },
    resolution: null,
    resolvedAt: null,
    verifiedAt: null,
    waivedBy: null,
    waiveReason: null,
    createdAt: '2026-01-03T08:00:00Z',
    updatedAt: '2026-01-03T08:00:00Z',
    ...more,
    abilities: { ...NONE, ...more.abilities },
  };
}
