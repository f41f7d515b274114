import type { DocumentSource, ImportRow, ImportView } from '@edoc/contract/exchange-import';

const SUMMARY = {
  objects: 2,
  versions: 3,
  files: 3,
  problems: 1,
  blocking: 1,
  conflicts: 1,
  accepted: 0,
  skipped: 0,
  undecided: 2,
  filed: 0,
  failed: 0,
};

/** An EMS import of project 11 as the server answers it (in preview unless `more` says otherwise). */
export function importOf(id: number, more: Partial<ImportView> = {}): ImportView {
  return {
    id,
    kind: 'ems',
    state: 'preview',
    packageName: `cro-handover-${id}.zip`,
    packageSize: 1024,
    sourceSystem: 'VeevaCRO',
    studyId: 'ABC-001',
    options: { createCountries: false, createSites: false },
    missing: { countries: ['DEU'], sites: [{ siteId: 'S09', name: 'Berlin Charité', countryId: 'DEU' }] },
    summary: SUMMARY,
    progress: 100,
    error: null,
    user: { id: 5, name: 'Pat' },
    createdAt: '2026-11-20T08:00:00Z',
    finishedAt: null,
    ...more,
  };
}

/** One object of an import's preview; `more` sets its problems, conflict, decision or filing. */
export function importRowOf(id: number, more: Partial<ImportRow> = {}): ImportRow {
  return {
    id,
    rowNo: id,
    objectId: `ABC-D${id}`,
    title: `Protocol ${id}`,
    source: {
      level: 'Trial',
      countryId: null,
      siteId: null,
      siteSystemId: null,
      siteName: null,
      artifactNumber: '02.01.02',
      versions: [
        {
          uniqueId: String(100 + id),
          version: 'V1.0',
          state: 'Current',
          title: `Protocol ${id}`,
          documentDate: '2026-01-05',
          expiryDate: null,
          files: [],
          signatures: 1,
          auditRecords: 2,
        },
      ],
    },
    target: {
      artifactId: 7,
      folderId: 12,
      folderName: '02.01.02 Protocol',
      level: 'trial',
      countryId: null,
      siteId: null,
      documentDate: '2026-01-05',
      expiryDate: null,
      name: `Protocol ${id}`,
    },
    problems: [],
    conflict: 'none',
    existingDocumentId: null,
    decision: null,
    state: 'pending',
    documentId: null,
    error: null,
    ...more,
  };
}

/** The source facts of document 1, imported from VeevaCRO. */
export const SOURCE_FACTS: DocumentSource = {
  documentId: 1,
  sourceSystem: 'VeevaCRO',
  sourceObjectId: 'ABC-D1',
  importId: 4,
  signatures: [
    {
      id: 1,
      versionNo: 'V1.0',
      methodology: 'Electronic',
      userOid: 'jane@cro.example',
      name: 'Jane Roe',
      reason: 'Approval',
      signedAt: '2026-01-06T09:30:00Z',
    },
  ],
  auditRecords: [
    {
      id: 1,
      versionNo: 'V1.0',
      auditId: 'A-1',
      at: '2026-01-05T08:00:00Z',
      userRef: 'jane@cro.example',
      entryType: 'New',
      event: 'Document created',
    },
  ],
  auditTotal: 1,
};
