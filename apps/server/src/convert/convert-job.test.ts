import { Readable } from 'node:stream';
import { RenditionState } from '@edoc/contract/states';
import { makeDocx } from '@edoc/test-support/files';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { renditions } from '../db/schema/documents.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { CONVERT_LEASE_MS, convertHandlerOf, officeOf } from './convert-job.ts';
import { sofficeAvailable } from './soffice.ts';

// Issue 25, item 2: a worker killed mid-conversion left its rendition "converting", and the job's retry found no
// waiting row to claim, so nothing converted it until a viewer asked again minutes later.
const tools = sofficeAvailable(process.env.SOFFICE_PATH ?? 'soffice');
if (!tools && process.env.CI === 'true') throw new Error('the conversion lease test needs LibreOffice, and CI=true');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const stored = async (line: string) =>
  (await ctx.deps.blobs.put(Readable.from([(await makeDocx('lease.docx', [line])).buffer]))).sha256;
const stateOf = async (sha256: string) =>
  (await ctx.db.select().from(renditions).where(eq(renditions.sourceSha256, sha256)))[0].state;

describe.skipIf(!tools)('the lease of a conversion', () => {
  it('is taken over once it ran out (the worker died), and left alone while it runs', async () => {
    const office = officeOf(ctx.deps.config);
    onTestFinished(() => office.close());
    const convert = convertHandlerOf(ctx.deps.config, ctx.db, ctx.deps.blobs, () => {}, office);
    const [abandoned, running] = [await stored('abandoned'), await stored('running')];
    await ctx.db.insert(renditions).values([
      {
        sourceSha256: abandoned,
        state: RenditionState.Converting,
        updatedAt: new Date(Date.now() - CONVERT_LEASE_MS - 1000),
      },
      { sourceSha256: running, state: RenditionState.Converting, updatedAt: new Date() },
    ]);
    await convert({ sha256: abandoned, extension: 'docx' });
    await convert({ sha256: running, extension: 'docx' });
    expect(await stateOf(abandoned)).toBe(RenditionState.Done);
    expect(await stateOf(running)).toBe(RenditionState.Converting);
  }, 120_000);
});
