import { DocStatus } from '@edoc/contract/enums';
import type { ExpectedItem, ExpectedList } from '@edoc/contract/expected';
import type { TmfProjectSetup } from '@edoc/contract/tmf-project';

/** An expected item of the ICH model's 8.2.1 at the trial level; `over` makes the others. */
export const expectedItemOf = (over: Partial<ExpectedItem>): ExpectedItem => ({
  id: 1,
  artifactId: 71,
  artifactNumber: '8.2.1',
  artifactNameEn: "Investigator's Brochure",
  artifactNameZh: '研究者手册',
  level: 'trial',
  countryId: null,
  countryCode: null,
  siteId: null,
  siteName: null,
  occurrence: 1,
  dueDate: '2020-01-15',
  milestoneTypeId: 1,
  state: 'expected',
  overdue: true,
  reason: null,
  origin: 'generated',
  decidedByName: null,
  decidedAt: null,
  documents: [],
  ...over,
});

export const expectedItems: ExpectedItem[] = [
  expectedItemOf({}),
  expectedItemOf({
    id: 2,
    artifactId: 72,
    artifactNumber: '8.2.2',
    artifactNameEn: 'Signed protocol',
    artifactNameZh: '已签署的方案',
    level: 'site',
    siteId: 31,
    siteName: 'Ruijin',
    occurrence: 2,
    dueDate: null,
    overdue: false,
    state: 'filed',
    documents: [{ id: 501, name: 'Protocol v1 signed.pdf', status: DocStatus.Archived }],
  }),
  expectedItemOf({
    id: 3,
    level: 'country',
    countryId: 1,
    countryCode: 'CN',
    dueDate: null,
    overdue: false,
    state: 'not_applicable',
    reason: 'No country submission in China',
  }),
];

export const expectedListOf = (items: ExpectedItem[]): ExpectedList => ({
  items,
  total: items.length,
  counts: { expected: 4, overdue: 1, filed: 2, notApplicable: 1 },
});

/** A project on the ICH model: 8.2.1 at trial and site, 8.2.2 at trial, country and site. */
export const setupWithModel: TmfProjectSetup = {
  model: { id: 1, name: 'ICH E6(R2) essential documents', version: 1, source: null, company: false },
  artifacts: [
    {
      id: 71,
      number: '8.2.1',
      nameEn: "Investigator's Brochure",
      nameZh: '研究者手册',
      zoneNumber: '8',
      sectionNumber: '8.2',
      levels: ['trial', 'site'],
    },
    {
      id: 72,
      number: '8.2.2',
      nameEn: 'Signed protocol',
      nameZh: '已签署的方案',
      zoneNumber: '8',
      sectionNumber: '8.2',
      levels: ['trial', 'country', 'site'],
    },
  ],
  folders: [],
};
