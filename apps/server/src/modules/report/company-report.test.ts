import { reportRoutes } from '@edoc/contract/report-routes';
import { projectRoutes } from '@edoc/contract/project-routes';
import { UserType } from '@edoc/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { loadWorkbook } from '../../lib/excel.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, createUser, signIn, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { poppler, popplerTools } from '../../test/signed-fixture.ts';
import { buildReportWorld, type ReportWorld } from '../../test/report-fixture.ts';

let ctx: TestContext;
let w: ReportWorld;
let other: ProjectWorld;
let secondId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildReportWorld(ctx, 'CR-1');
  other = await createProjectWorld(ctx, 'CR-X');
  // A second project of w's company, empty but for one document whose two versions hold the same content.
  const api = client(ctx.app, w.admin.token);
  const templates = (await api.call(projectRoutes.directoryTemplates)).data as Array<{ id: number }>;
  const made = await api.call(projectRoutes.create, {
    body: {
      code: 'CR-2',
      name: 'Second',
      directoryTemplateId: templates[0]!.id,
    },
  });
  secondId = made.data.studyId;
  const [d] = await ctx.db
    .insert(documents)
    .values({ projectId: secondId, folderId: null, name: 'Loose', createdBy: w.admin.id })
    .returning();
  for (const versionNo of ['V1', 'V2'])
    await ctx.db.insert(documentVersions).values({
      documentId: d!.id,
      versionNo,
      sha256: 'same'.padEnd(64, '0'),
      size: 4096,
      fileName: 'loose.pdf',
      extension: 'pdf',
      mimeType: 'application/pdf',
      createdBy: w.admin.id,
    });
}, 120_000);
afterAll(() => ctx.close());

describe('Company report (issue 14)', () => {
  it('gives each project of the company its documents, open and overdue tasks, members and storage', async () => {
    const res = await client(ctx.app, w.admin.token).call(reportRoutes.company);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([
      // Five live documents of 1,000 bytes each, distinct contents; the recycled one's content is stored too.
      {
        projectId: w.projectId,
        code: 'CR-1',
        name: 'Project CR-1',
        documents: 5,
        openTasks: 4,
        overdueTasks: 2,
        members: 3,
        storageBytes: 6000,
      },
      // One content named by two versions is stored once.
      {
        projectId: secondId,
        code: 'CR-2',
        name: 'Second',
        documents: 1,
        openTasks: 0,
        overdueTasks: 0,
        members: 0,
        storageBytes: 4096,
      },
    ]);
  });

  it('shows nothing of another company: its administrator sees only its own, and may not name ours', async () => {
    const theirs = (await client(ctx.app, other.admin.token).call(reportRoutes.company)).data;
    expect(theirs.map((p: { code: string }) => p.code)).toEqual(['CR-X']);
    const named = await client(ctx.app, other.admin.token).call(reportRoutes.company, {
      query: { companyId: w.companyId },
    });
    expect(named.statusCode).toBe(403);
    expect((await client(ctx.app, w.pm.token).call(reportRoutes.company)).statusCode).toBe(403);
    // The system administrator names the company.
    const sys = await createUser(ctx.db, { userType: UserType.System });
    const token = await signIn(ctx, sys.email);
    const all = (await client(ctx.app, token).call(reportRoutes.company, { query: { companyId: w.companyId } })).data;
    expect(all.map((p: { code: string }) => p.code)).toEqual(['CR-1', 'CR-2']);
    expect((await client(ctx.app, token).call(reportRoutes.company)).statusCode).toBe(400);
  });

  it('exports the table to Excel and PDF in the reader’s language', async () => {
    const xlsx = await client(ctx.app, w.admin.token).call(reportRoutes.companyExport, { query: { format: 'xlsx' } });
    const sheet = (await loadWorkbook(xlsx.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Project',
      'Documents',
      'Open tasks',
      'Overdue tasks',
      'Members',
      'Storage (bytes)',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'CR-1', 'Project CR-1', 5, 4, 2, 3, 6000]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'CR-2', 'Second', 1, 0, 0, 0, 4096]);
    if (!popplerTools) return;
    // The session speaks English (signed in so); a Chinese export needs a Chinese session.
    const token = await signIn(ctx, w.admin.email, undefined, 'zh-CN');
    const pdf = await client(ctx.app, token).call(reportRoutes.companyExport, { query: { format: 'pdf' } });
    const text = await poppler('pdftotext', pdf.rawPayload);
    expect(text).toContain('公司报表');
    expect(text).toContain('逾期任务');
    expect(text).toMatch(/CR-2\s+Second\s+1\s+0\s+0\s+0\s+4096/);
  });
});
