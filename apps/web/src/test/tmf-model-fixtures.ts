import type { TmfModelDetail, TmfModelItem } from '@edoc/contract/tmf-model';
import { screen, waitFor } from '@testing-library/react';
import type { mockApi } from './fetch-mock';

/** TMF models as the web tests of issue 27 serve them: ICH shipped, Acme's own version 1 published and version 2 a draft. */
export const item = (over: Partial<TmfModelItem>): TmfModelItem => ({
  id: 1,
  name: 'ICH E6(R2) essential documents',
  version: 1,
  state: 'published',
  source: 'ICH E6(R2) section 8',
  shipped: true,
  zoneCount: 1,
  sectionCount: 3,
  artifactCount: 56,
  projectCount: 2,
  updatedAt: '2026-11-01T08:00:00Z',
  ...over,
});
export const shipped = item({});
export const draft = item({
  id: 5,
  name: 'Acme TMF',
  version: 2,
  state: 'draft',
  source: null,
  shipped: false,
  zoneCount: 1,
  sectionCount: 1,
  artifactCount: 1,
  projectCount: 0,
});
export const ownPublished = item({
  id: 4,
  name: 'Acme TMF',
  version: 1,
  shipped: false,
  artifactCount: 40,
  projectCount: 1,
});

export const artifact = {
  id: 70,
  number: '01.01.01',
  nameEn: 'Trial Master File Plan',
  nameZh: '试验主文件计划',
  subArtifacts: ['TMF Index'],
  levels: ['trial' as const],
  core: true,
  ichRef: null,
  dateLabel: 'Approval date',
  review: true,
  qc: false,
  approval: true,
};
export const detailOf = (model: TmfModelItem): TmfModelDetail => ({
  ...model,
  zones: [
    {
      number: '01',
      nameEn: 'Trial Management',
      nameZh: '试验管理',
      sections: [{ number: '01.01', nameEn: 'Trial Oversight', nameZh: null, artifacts: [artifact] }],
    },
  ],
});

export const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).split('?')[0].endsWith(`/edoc${path}`))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));

/** The open dialog whose title reads `title` (the page draws its dialogs in advance, hidden). */
export const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(title));
    if (!found) throw new Error(`no dialog "${title}"`);
    return found;
  });
