import type { BulkImportView, BulkRow } from '@edoc/contract/bulk-import';

const SUMMARY = { files: 2, problems: 1, lowConfidence: 1, accepted: 0, skipped: 0, undecided: 2, filed: 0, failed: 0 };

/** A bulk import of the entered project as the server answers it (in preview unless `more` says otherwise). */
export function bulkOf(id: number, more: Partial<BulkImportView> = {}): BulkImportView {
  return {
    id,
    state: 'preview',
    packageName: `site-binder-${id}.zip`,
    packageSize: 2048,
    sheetName: 'metadata.xlsx',
    unmatched: [],
    summary: SUMMARY,
    progress: 100,
    error: null,
    user: { id: 5, name: 'Pat' },
    createdAt: '2026-11-20T08:00:00Z',
    finishedAt: null,
    ...more,
  };
}

/** One file of a bulk import's preview: its artifact suggested (low), its date and name from the spreadsheet. */
export function bulkRowOf(id: number, more: Partial<BulkRow> = {}): BulkRow {
  return {
    id,
    rowNo: id,
    path: `binder/file-${id}.pdf`,
    size: 1000,
    target: {
      artifactId: 21,
      folderId: 12,
      level: 'trial',
      countryId: null,
      siteId: null,
      documentDate: '2026-01-05',
      name: `Plan ${id}`,
      version: null,
    },
    from: {
      artifact: 'suggestion',
      level: 'suggestion',
      country: null,
      site: null,
      documentDate: 'sheet',
      name: 'sheet',
      version: null,
    },
    suggestions: {
      artifacts: [
        { value: 21, confidence: 0.32, why: 'words: management plan' },
        { value: 22, confidence: 0.2, why: 'file name: plan' },
      ],
      site: null,
      documentDate: null,
      title: null,
    },
    problems: [],
    decision: null,
    state: 'pending',
    documentId: null,
    error: null,
    ...more,
  };
}

/** The export form's options, which the preview reads for artifact, country and site names. */
export const OPTIONS = {
  model: { id: 1, name: 'TMF RM', version: 3 },
  artifacts: [
    { id: 21, number: '01.01.01', nameEn: 'Trial Management Plan', nameZh: '试验管理计划' },
    { id: 22, number: '01.01.02', nameEn: 'Quality Plan', nameZh: '质量计划' },
    { id: 23, number: '05.03.01', nameEn: 'Monitoring Visit Report', nameZh: '监查访视报告' },
  ],
  countries: [{ id: 2, code: 'CN', name: 'China' }],
  sites: [{ id: 3, code: 'S01', name: 'Peking' }],
  milestones: [],
};
