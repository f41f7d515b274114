import type { RouteInput } from '@edoc/contract/route';
import { userRoutes } from '@edoc/contract/user-routes';
import { releaseRoutes } from '@edoc/contract/release-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCompany, createCompanyAdmin, createProjectUser, createUser, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
let sysadmin: string;
let companyAdmin: string;
/** A project user whose account predates every release below. */
let oldUser: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  sysadmin = await signIn(ctx, (await createUser(ctx.db)).email);
  const company = await createCompany(ctx.db);
  companyAdmin = await signIn(ctx, (await createCompanyAdmin(ctx.db, company.id)).email);
  const old = await createProjectUser(ctx.db, company.id, { createdAt: new Date('2020-01-01T00:00:00Z') });
  oldUser = { id: old.id, token: await signIn(ctx, old.email) };
});
afterAll(() => ctx.close());

const save = (payload: RouteInput<typeof releaseRoutes.save>['body'], token = sysadmin) =>
  client(ctx.app, token).call(releaseRoutes.save, { body: payload });
const release = (version: string, releasedOn: string) => ({
  version,
  releasedOn,
  notesZh: `版本 ${version} 说明`,
  notesEn: `Notes of ${version}`,
});
const unreadVersions = async (token: string) =>
  ((await client(ctx.app, token).call(releaseRoutes.unread)).data.releases as Array<{ version: string }>).map(
    (r) => r.version,
  );

describe('version upgrade records', () => {
  it('belong to the system administrator only', async () => {
    for (const token of [companyAdmin, oldUser.token]) {
      const listed = await client(ctx.app, token).call(releaseRoutes.list);
      expect(listed.statusCode).toBe(403);
      expect(listed.json()).toMatchObject({ status: false, errorCode: 'forbidden' });
      expect((await save(release('9.9.9', '2024-01-01'), token)).statusCode).toBe(403);
      expect((await client(ctx.app, token).call(releaseRoutes.delete, { params: { id: 1 } })).statusCode).toBe(403);
    }
    expect((await client(ctx.app).call(releaseRoutes.list)).statusCode).toBe(401);
    expect((await client(ctx.app).call(releaseRoutes.unread)).statusCode).toBe(401);
  });

  it('refuses a version number recorded before, and a malformed one', async () => {
    const first = await save(release('2.4.5', '2024-01-10'));
    expect(first.statusCode).toBe(200);
    const again = await save({ ...release('2.4.5', '2024-02-01'), notesEn: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'release_version_exists',
      msg: 'The version number already exists',
    });
    const bad = await save(release('v2.5', '2024-02-01'));
    expect(bad.statusCode).toBe(400);
    expect(bad.msg).toBe('Version number is invalid');
    const noNotes = await save({ ...release('2.4.6', '2024-02-01'), notesEn: '  ' });
    expect(noNotes.msg).toBe('Notes (English) is required');
    const badDate = await save(release('2.4.6', '2024-02-30'));
    expect(badDate.msg).toBe('Release date is invalid');
  });

  it('lists newest first (version numbers compared as numbers) with paging, edits and deletes', async () => {
    await save(release('2.9.0', '2024-03-01'));
    const ten = (await save(release('2.10.0', '2024-03-01'))).data.id;
    const page = (await client(ctx.app, sysadmin).call(releaseRoutes.list, { query: { pageNum: 1, pageSize: 2 } }))
      .data;
    expect(page.total).toBe(3);
    expect(page.data.map((r: { version: string }) => r.version)).toEqual(['2.10.0', '2.9.0']);
    expect(page.data[0]).toMatchObject({ notesEn: 'Notes of 2.10.0', releasedOn: '2024-03-01' });
    const second = (await client(ctx.app, sysadmin).call(releaseRoutes.list, { query: { pageNum: 2, pageSize: 2 } }))
      .data;
    expect(second.data.map((r: { version: string }) => r.version)).toEqual(['2.4.5']);

    const edited = await save({
      id: ten,
      ...release('2.10.1', '2024-03-02'),
      notesEn: '<p onclick="x()">Fixed<script>1</script></p>',
    });
    expect(edited.statusCode).toBe(200);
    const after = (await client(ctx.app, sysadmin).call(releaseRoutes.list)).data.data[0];
    expect(after).toMatchObject({ version: '2.10.1', notesEn: '<p>Fixed</p>' });
    const trail = await trailOf(ctx.db, 'release', ten);
    expect(trail.map((t) => (t.newValue as { version: string }).version)).toEqual(['2.10.0', '2.10.1']);

    expect((await client(ctx.app, sysadmin).call(releaseRoutes.delete, { params: { id: ten } })).statusCode).toBe(200);
    expect((await client(ctx.app, sysadmin).call(releaseRoutes.delete, { params: { id: ten } })).statusCode).toBe(404);
    const left = (await client(ctx.app, sysadmin).call(releaseRoutes.list)).data;
    expect(left.data.map((r: { version: string }) => r.version)).toEqual(['2.9.0', '2.4.5']);
    expect((await trailOf(ctx.db, 'release', ten)).at(-1)).toMatchObject({ reason: 'deleted', newValue: null });
  });
});

describe("what's new", () => {
  it('shows unacknowledged releases once, newest first, in the user language', async () => {
    expect(await unreadVersions(oldUser.token)).toEqual(['2.9.0', '2.4.5']);
    const en = (await client(ctx.app, oldUser.token).call(releaseRoutes.unread)).data.releases[0];
    expect(en).toMatchObject({ version: '2.9.0', releasedOn: '2024-03-01', notes: 'Notes of 2.9.0' });
    await client(ctx.app, oldUser.token).call(userRoutes.setLang, { body: { lang: 'zh-CN' } });
    expect((await client(ctx.app, oldUser.token).call(releaseRoutes.unread)).data.releases[0].notes).toBe(
      '版本 2.9.0 说明',
    );
    await client(ctx.app, oldUser.token).call(userRoutes.setLang, { body: { lang: 'en-US' } });

    expect((await client(ctx.app, oldUser.token).call(releaseRoutes.read)).statusCode).toBe(200);
    expect(await unreadVersions(oldUser.token)).toEqual([]);
    // Signing in again does not bring them back.
    const again = await signIn(ctx, (await client(ctx.app, oldUser.token).call(userRoutes.info)).data.email);
    expect(await unreadVersions(again)).toEqual([]);
  });

  it('shows a newer release after the acknowledgement, but not one recorded later with an older date', async () => {
    await save(release('2.11.0', '2024-05-01'));
    await save(release('2.3.9', '2023-12-01'));
    expect(await unreadVersions(oldUser.token)).toEqual(['2.11.0']);
  });

  it('acknowledges only up to the release the dialog showed, and never moves backwards', async () => {
    const list = (await client(ctx.app, oldUser.token).call(releaseRoutes.unread)).data.releases as Array<{
      id: number;
    }>;
    await save(release('2.12.0', '2024-06-01'));
    await client(ctx.app, oldUser.token).call(releaseRoutes.read, { body: { upTo: list[0].id } });
    expect(await unreadVersions(oldUser.token)).toEqual(['2.12.0']);
    await client(ctx.app, oldUser.token).call(releaseRoutes.read);
    const older = (await client(ctx.app, sysadmin).call(releaseRoutes.list, { query: { pageSize: 100 } })).data.data.at(
      -1,
    ) as {
      id: number;
    };
    await client(ctx.app, oldUser.token).call(releaseRoutes.read, { body: { upTo: older.id } });
    expect(await unreadVersions(oldUser.token)).toEqual([]);
    const unknown = await client(ctx.app, oldUser.token).call(releaseRoutes.read, { body: { upTo: 999_999 } });
    expect(unknown.statusCode).toBe(400);
  });

  it('does not show a new account the releases dated before it was created', async () => {
    const company = await createCompany(ctx.db);
    const fresh = await signIn(ctx, (await createProjectUser(ctx.db, company.id)).email);
    expect(await unreadVersions(fresh)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    await save(release('3.0.0', today));
    expect(await unreadVersions(fresh)).toEqual(['3.0.0']);
    // A company administrator and another system administrator are told too; the one who wrote it is not greeted
    // with it (issue 12, defect 7).
    expect(await unreadVersions(companyAdmin)).toContain('3.0.0');
    const otherAdmin = await signIn(
      ctx,
      (await createUser(ctx.db, { createdAt: new Date('2020-01-01T00:00:00Z') })).email,
    );
    expect(await unreadVersions(otherAdmin)).toContain('3.0.0');
    expect(await unreadVersions(sysadmin)).not.toContain('3.0.0');
  });

  it('keeps acknowledged releases read when the acknowledged one is deleted', async () => {
    await client(ctx.app, oldUser.token).call(releaseRoutes.read);
    const newest = (await client(ctx.app, sysadmin).call(releaseRoutes.list)).data.data[0] as {
      id: number;
      version: string;
    };
    expect(newest.version).toBe('3.0.0');
    expect((await client(ctx.app, sysadmin).call(releaseRoutes.delete, { params: { id: newest.id } })).statusCode).toBe(
      200,
    );
    expect(await unreadVersions(oldUser.token)).toEqual([]);
  });
});
