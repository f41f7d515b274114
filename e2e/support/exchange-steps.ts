import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { memberRoutes } from '@edoc/contract/member-routes';
import { projectRoutes } from '@edoc/contract/project-routes';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { makePdf, makeXlsx, makeZip, type TestFile } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { api, apiSignIn } from './api.ts';
import { downloaded } from './browser.ts';
import type { Lang } from './sign-in.ts';
import { text } from './tmf-steps.ts';
import { systemAdmin, type Person, type Study } from './world.ts';

/**
 * Steps of the exchange journey (issue 28, journey 15): a company model numbered as the TMF Reference Model (the
 * shipped ICH tree's 8.2.x numbers cannot be exported), a second project of the company to import into, and the
 * download center's tasks followed and downloaded as a person does.
 */

export const run = promisify(execFile);

/** The model's artifacts, by number: both kept once for the trial. */
export const ARTIFACTS = {
  plan: { number: '01.01.01', nameEn: 'Trial Master File Plan', nameZh: 'TMF计划' },
  consent: { number: '01.01.02', nameEn: 'Informed Consent Form', nameZh: '知情同意书' },
  other: { number: '01.01.03', nameEn: 'Trial Management Plan', nameZh: '试验管理计划' },
} as const;
export type ArtifactKey = keyof typeof ARTIFACTS;

/** The company's model, made and published by its administrator (the TMF model pages are journey 14's and 27's). */
export async function companyModel<K extends string>(study: Study<K>, name: string): Promise<number> {
  const token = await apiSignIn(study.companyAdmin);
  const query = { companyId: study.companyId };
  const { id } = await api(token, tmfModelRoutes.create, {
    query,
    body: {
      name,
      source: 'TMF Reference Model v3.3.1',
      zones: [
        {
          number: '01',
          nameEn: 'Trial Management',
          nameZh: '试验管理',
          sections: [
            {
              number: '01.01',
              nameEn: 'Trial Oversight',
              nameZh: '试验监督',
              artifacts: Object.values(ARTIFACTS).map((a) => ({ ...a, levels: ['trial' as const] })),
            },
          ],
        },
      ],
    },
  });
  await api(token, tmfModelRoutes.publish, { params: { id }, query });
  return id;
}

/** Another project of the study's company, with `who` as its administrator (as the company administrator adds them). */
export async function otherProject<K extends string>(study: Study<K>, name: string, who: Person): Promise<number> {
  const admin = await systemAdmin();
  const query = { companyId: study.companyId };
  const { studyId } = await api(admin, projectRoutes.create, {
    query,
    body: { code: `IMP-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase(), name },
  });
  const roles = await api(admin, memberRoutes.roles, { params: { id: studyId }, query });
  const roleId = roles.find((r) => r.code === 'STU_PM')!.roleId;
  await api(admin, memberRoutes.add, { params: { id: studyId }, query, body: { userId: who.id, roleId, siteIds: [] } });
  return studyId;
}

/**
 * The project (entered in `token`'s session) uses the model: its artifact folders are made and mapped. Answers the
 * work folder of each artifact, by key.
 */
export async function useModel(token: string, modelId: number): Promise<Record<ArtifactKey, number>> {
  await api(token, tmfProjectRoutes.use, { body: { modelId } });
  const setup = await api(token, tmfProjectRoutes.setup);
  const folderOf = (number: string) => {
    const artifact = setup.artifacts.find((a) => a.number === number)!;
    return setup.folders.find((f) => f.artifactId === artifact.id)!.id;
  };
  return Object.fromEntries(Object.entries(ARTIFACTS).map(([key, a]) => [key, folderOf(a.number)])) as Record<
    ArtifactKey,
    number
  >;
}

/** Waits until the download center's task reads completed in the list, then downloads its zip: the bytes. */
export async function taskZip(page: Page, lang: Lang, taskId: number): Promise<Buffer> {
  await expect
    .poll(() => page.locator(`#download-state-${taskId}`).textContent(), { timeout: 60_000, interval: 250 })
    .toBe(text(lang, 'download.state.completed'));
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(`#download-file-${taskId}`).click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  return downloaded(file);
}

/** A zip's entries written under `dir`, as unzip would: the folder. */
export async function unzipTo(zip: Buffer, dir: string): Promise<string> {
  for (const entry of readZip(zip)) {
    if (entry.name.endsWith('/')) continue;
    const target = path.join(dir, entry.name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, entry.content);
  }
  return dir;
}

/** The exchange standard's schema (modules/exchange/standard), which every package's exchange.xml must satisfy. */
export const EMS_SCHEMA = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/modules/exchange/standard/TmfReferenceModelExchange.xsd',
);

/** exchange.xml's OBJECTs, each as its title and OBJECTCOPY (the package's own words). */
export function objectsOf(xml: string): Array<{ title: string; copy: string }> {
  const value = (block: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)?.[1] ?? '';
  return [...xml.matchAll(/<OBJECT>([\s\S]*?)<\/OBJECT>/g)].map(([, block]) => ({
    title: value(block, 'OBJECTTITLE'),
    copy: value(block, 'OBJECTCOPY'),
  }));
}

/**
 * A site's scanned binder for the bulk import (issue 28 part 3): a zip of three PDFs, and metadata.xlsx beside it
 * naming the artifact, document date and name of two of them (file name → values); the third is left to the
 * suggestions (its text names its kind of document).
 */
export async function bulkPackage(): Promise<{ zip: TestFile; sheet: TestFile; named: string[]; suggested: string }> {
  const pdfs = [
    makePdf('tmf-plan-signed.pdf', ['Trial Master File Plan', 'Signed 2026-03-02']),
    makePdf('consent-form-v2.pdf', ['Informed Consent Form', 'Version 2.0']),
    makePdf('management-plan.pdf', ['Trial Management Plan', 'Approved 2026-02-10']),
  ];
  const sheet = await makeXlsx('metadata.xlsx', 'metadata', [
    ['file', 'artifact', 'document date', 'name'],
    [pdfs[0].name, ARTIFACTS.plan.number, '2026-03-02', 'TMF plan (site binder)'],
    [pdfs[1].name, ARTIFACTS.consent.number, '2026-01-15', 'Consent form v2 (site binder)'],
  ]);
  return {
    zip: await makeZip('site-binder.zip', pdfs),
    sheet,
    named: ['TMF plan (site binder)', 'Consent form v2 (site binder)'],
    suggested: pdfs[2].name,
  };
}
