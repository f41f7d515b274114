import { documentRoutes } from '@edoc/contract/document-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Stage } from '@edoc/contract/workflow';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { folderGrants, projects, roles } from '../db/schema/projects.ts';
import { users } from '../db/schema/users.ts';
import { signatures } from '../db/schema/workflow.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, PASSWORD } from './factories.ts';
import { client } from './requests.ts';

/** Whether poppler-utils is here. DESIGN §9: without it the signed-PDF tests skip loudly, and fail in CI. */
export const popplerTools = ['pdftotext', 'pdfsig'].every((t) => spawnSync(t, ['-v']).status === 0);
if (!popplerTools) {
  const reason = 'signed-PDF tests need poppler-utils (pdftotext and pdfsig)';
  if (process.env.CI === 'true') throw new Error(`${reason}, and CI=true`);
  console.warn(`\n*** SKIPPING: ${reason}; install poppler-utils ***\n`);
}

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A real one-page PDF with the text. */
export async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** Runs a poppler tool on the PDF; answers stdout (and stderr), whatever its exit status. */
export async function poppler(tool: 'pdftotext' | 'pdfsig', pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-signed-'));
  try {
    const file = path.join(dir, 'a.pdf');
    await fs.writeFile(file, pdf);
    const run = spawnSync(tool, tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file]);
    return `${run.stdout.toString()}${run.stderr.toString()}`;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A project where 张三丰 (with a handwritten signature image) approved and signed a PDF, "Protocol", in Asia/Shanghai;
 * a reader may only view that folder. Approval is the only stage, so one signature is on the page.
 */
export async function signedWorld(ctx: TestContext, code: string) {
  const world = await createProjectWorld(ctx, code);
  const as = (p: { token: string }) => client(ctx.app, p.token);
  const folder = world.folderByIch.get('8.2.2')!;
  const grant = async (roleCode: string, keys: string[]) => {
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: roleCode, name: roleCode, docKeys: keys })
      .returning();
    await ctx.db
      .insert(folderGrants)
      .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys, manageLevel: 0 });
    return role.id;
  };
  const approver = await joinProject(ctx, world, await grant('APPROVER', ['viewDoc', 'reviewDoc', 'approveDoc']));
  const viewer = await joinProject(ctx, world, await grant('READER', ['viewDoc']));
  await ctx.db.update(users).set({ name: '张三丰' }).where(eq(users.id, approver.id));
  const ink = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const inked = await as(approver).callUpload(userRoutes.uploadHandwriting, {
    file: { name: 'ink.png', content: ink },
  });
  expect(inked.statusCode).toBe(200);

  await ctx.db.update(projects).set({ reviewOpen: false, qcOpen: false }).where(eq(projects.id, world.projectId));
  const original = await pdfWith('Clinical study protocol body');
  const saved = await as(world.pm).callUpload(documentRoutes.upload, {
    fields: { folderId: folder, name: 'Protocol' },
    file: { name: 'protocol.pdf', content: original },
  });
  const fileId = saved.data.fileId;
  const sent = await as(world.pm).call(workflowRoutes.send, {
    body: { fileId, stages: [{ stage: Stage.Approval, userIds: [approver.id], signatureRequired: true }] },
  });
  expect(sent.status).toBe(true);
  const signature = { email: approver.email, password: PASSWORD, confirmed: true as const, timeZone: 'Asia/Shanghai' };
  const passed = await as(approver).call(workflowRoutes.decide, {
    params: { id: fileId },
    body: { pass: true, signature },
  });
  expect(passed.status).toBe(true);
  const [row] = await ctx.db.select().from(signatures).where(eq(signatures.documentId, fileId));
  return { world, folder, approver, viewer, fileId, versionId: row.versionId, original, signature: row };
}
