import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { boardRoutes } from '@edoc/contract/board-routes';
import fs from 'node:fs/promises';
import path from 'node:path';
import { TrailType } from '@edoc/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardAttachments, boardTopics } from '../../db/schema/board.ts';
import { projectAlerts } from '../../db/schema/releases.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, SAMPLE, signIn, type ProjectWorld } from '../../test/factories.ts';
import { mailsTo, trailOf, waitForMail } from '../../test/records.ts';
import { bearer, client, multipart } from '../../test/requests.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'BOARD-1');
  other = await createProjectWorld(ctx, 'BOARD-2');
});
afterAll(() => ctx.close());

const as = (token: string, lang?: string) => client(ctx.app, token, { lang });
const pdf = { name: 'minutes.pdf', content: SAMPLE.pdf(), type: 'application/pdf' };

async function postTopic(token: string, fields: Record<string, string | number>, file?: typeof pdf) {
  const res = await as(token).callUpload(boardRoutes.postTopic, { fields: { body: 'Body', ...fields }, file: file });
  expect(res.statusCode, res.body).toBe(200);
  return res.data.id;
}

/** Files in the blob store now. */
async function blobFiles(): Promise<string[]> {
  const entries = await fs
    .readdir(path.join(ctx.dataDir, 'blobs'), { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('message board', () => {
  it('posts a topic with a file and a mention, replies, and keeps unread marks and mentions per member', async () => {
    const id = await postTopic(
      world.pm.token,
      { subject: 'Monitoring visit', body: 'Please read\n<b>the minutes</b>', mentionIds: String(world.staff.id) },
      pdf,
    );
    const staff = as(world.staff.token);
    expect((await staff.call(boardRoutes.unread)).data).toEqual({ topics: 1, mentions: 1 });
    expect((await as(world.pm.token).call(boardRoutes.unread)).data).toEqual({ topics: 0, mentions: 0 });
    const list = (await staff.call(boardRoutes.topicList)).data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id, subject: 'Monitoring visit', unread: true, attachmentCount: 1 });
    const mentions = (await staff.call(boardRoutes.mentionList)).data;
    expect(mentions.data[0]).toMatchObject({
      topicId: id,
      replyId: null,
      read: false,
      topicSubject: 'Monitoring visit',
    });

    // Opening it reads it (and the mention in it); the body comes back exactly as written, for escaped rendering.
    const detail = (await staff.call(boardRoutes.topic, { params: { id } })).data;
    expect(detail.topic).toMatchObject({ body: 'Please read\n<b>the minutes</b>', authorId: world.pm.id });
    expect(detail.abilities).toEqual(['reply']);
    const file = await staff.call(boardRoutes.attachment, { params: { id: detail.topic.attachments[0].id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(pdf.content)).toBe(true);
    expect((await staff.call(boardRoutes.unread)).data).toEqual({ topics: 0, mentions: 0 });

    const reply = await staff.callUpload(boardRoutes.postReply, {
      fields: { topicId: id, body: 'Done', mentionIds: String(world.pm.id) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const pmView = as(world.pm.token);
    expect((await pmView.call(boardRoutes.unread)).data).toEqual({ topics: 1, mentions: 1 });
    const seen = (await pmView.call(boardRoutes.topic, { params: { id } })).data;
    expect(seen.topic.replyCount).toBe(1);
    expect(seen.replies.data[0]).toMatchObject({ body: 'Done', authorId: world.staff.id, canRemove: true });
    expect(seen.abilities).toEqual(['reply', 'moderate']);
    expect((await pmView.call(boardRoutes.unread)).data).toEqual({ topics: 0, mentions: 0 });

    const created = await trailOf(ctx.db, 'board_topic', id);
    expect(created[0]).toMatchObject({
      type: TrailType.Create,
      projectId: world.projectId,
      newValue: expect.objectContaining({ subject: 'Monitoring visit', mentionIds: [world.staff.id] }),
    });
    expect((await trailOf(ctx.db, 'board_reply', reply.data.id)).map((r) => r.type)).toEqual([TrailType.Create]);
    // The mention mail follows the member's alerts (none saved: every kind), in their language.
    expect(await waitForMail(ctx, world.staff.email)).toContain('Monitoring visit');
  });

  it('mails a mention only when the member keeps mention alerts on', async () => {
    await ctx.db
      .insert(projectAlerts)
      .values({ userId: world.staff.id, projectId: world.projectId, kinds: ['review'] });
    const before = (await mailsTo(ctx, world.staff.email)).length;
    const id = await postTopic(world.pm.token, { subject: 'Quiet', mentionIds: String(world.staff.id) });
    // Another mention, to someone who wants it, proves the mail job ran past this one.
    await postTopic(world.staff.token, { subject: 'Loud', mentionIds: String(world.pm.id) });
    await waitForMail(ctx, world.pm.email);
    expect((await mailsTo(ctx, world.staff.email)).length).toBe(before);
    // The in-app mention is there all the same.
    expect((await as(world.staff.token).call(boardRoutes.mentionList)).data.data[0].topicId).toBe(id);
    await ctx.db.delete(projectAlerts).where(eq(projectAlerts.userId, world.staff.id));
  });

  it('orders pinned first, searches by subject, and lets only the administrator pin, close and remove', async () => {
    const older = await postTopic(world.pm.token, { subject: 'Pin me 100%' });
    const newer = await postTopic(world.staff.token, { subject: 'Newest' });
    const pm = as(world.pm.token);
    const staff = as(world.staff.token);
    expect((await staff.call(boardRoutes.pinTopic, { params: { id: older }, body: { pinned: true } })).statusCode).toBe(
      403,
    );
    expect((await pm.call(boardRoutes.pinTopic, { params: { id: older }, body: { pinned: true } })).statusCode).toBe(
      200,
    );
    const ids = (await staff.call(boardRoutes.topicList, { query: { pageSize: 3 } })).data.data.map(
      (t: { id: number }) => t.id,
    );
    expect(ids.slice(0, 2)).toEqual([older, newer]);
    const found = (await staff.call(boardRoutes.topicList, { query: { searchValue: '100%' } })).data;
    expect(found.data.map((t: { id: number }) => t.id)).toEqual([older]);

    expect((await pm.call(boardRoutes.closeTopic, { params: { id: newer }, body: { closed: true } })).statusCode).toBe(
      200,
    );
    const refused = await client(ctx.app, await enterZh()).callUpload(boardRoutes.postReply, {
      fields: { topicId: newer, body: 'Late' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'board_topic_closed', msg: '主题已关闭，不能回复' });
    expect((await staff.call(boardRoutes.topic, { params: { id: newer } })).data.abilities).not.toContain('reply');

    expect((await staff.call(boardRoutes.removeTopic, { params: { id: newer } })).statusCode).toBe(403);
    expect((await pm.call(boardRoutes.removeTopic, { params: { id: newer } })).statusCode).toBe(200);
    expect((await staff.call(boardRoutes.topic, { params: { id: newer } })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(boardTopics).where(eq(boardTopics.id, newer));
    expect(row).toMatchObject({ removedBy: world.pm.id, closed: true });
    expect(row.removedAt).not.toBeNull();
    expect((await trailOf(ctx.db, 'board_topic', newer)).map((r) => r.type)).toEqual([
      TrailType.Create,
      TrailType.Update,
      TrailType.Delete,
    ]);
  });

  it('removes a reply by its author or the administrator, not by another member', async () => {
    const id = await postTopic(world.pm.token, { subject: 'Replies' });
    const pmReply = (
      await as(world.pm.token).callUpload(boardRoutes.postReply, { fields: { topicId: id, body: 'PM' } })
    ).data.id;
    const staffReply = (
      await as(world.staff.token).callUpload(boardRoutes.postReply, { fields: { topicId: id, body: 'Staff' } })
    ).data.id;
    expect((await as(world.staff.token).call(boardRoutes.removeReply, { params: { id: pmReply } })).statusCode).toBe(
      403,
    );
    expect((await as(world.staff.token).call(boardRoutes.removeReply, { params: { id: staffReply } })).statusCode).toBe(
      200,
    );
    expect((await as(world.pm.token).call(boardRoutes.removeReply, { params: { id: pmReply } })).statusCode).toBe(200);
    const detail = (await as(world.pm.token).call(boardRoutes.topic, { params: { id } })).data;
    expect(detail.replies.total).toBe(0);
    expect(detail.topic.replyCount).toBe(0);
    expect((await trailOf(ctx.db, 'board_reply', staffReply)).map((r) => r.type)).toEqual([
      TrailType.Create,
      TrailType.Delete,
    ]);
  });

  it('keeps every object inside its project', async () => {
    const id = await postTopic(world.pm.token, { subject: 'Private' }, pdf);
    const [file] = await ctx.db.select().from(boardAttachments).where(eq(boardAttachments.topicId, id));
    const outsider = as(other.pm.token);
    expect((await outsider.call(boardRoutes.topic, { params: { id } })).statusCode).toBe(404);
    expect((await outsider.call(boardRoutes.attachment, { params: { id: file.id } })).statusCode).toBe(404);
    expect((await outsider.callUpload(boardRoutes.postReply, { fields: { topicId: id, body: 'Hi' } })).statusCode).toBe(
      404,
    );
    expect((await outsider.call(boardRoutes.pinTopic, { params: { id }, body: { pinned: true } })).statusCode).toBe(
      404,
    );
    expect((await outsider.call(boardRoutes.topicList)).data.total).toBe(0);
    // Another project's member cannot be mentioned, nor a made-up id.
    const refused = await as(world.pm.token).callUpload(boardRoutes.postTopic, {
      fields: {
        subject: 'Hi',
        body: 'x',
        mentionIds: String(other.staff.id),
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.errorCode).toBe('not_project_member');
    const members = (await as(world.staff.token).call(boardRoutes.memberList)).data as Array<{ id: number }>;
    expect(members.map((m) => m.id)).toEqual([world.pm.id]);
  });

  it('refuses bad input with the field named, in the caller’s language, storing nothing', async () => {
    const zh = client(ctx.app, await enterZh());
    const files = await blobFiles();
    const long = await zh.callUpload(boardRoutes.postTopic, {
      fields: { subject: 'S', body: '字'.repeat(1334) },
      file: pdf,
    });
    expect(long.statusCode).toBe(400);
    expect(long.msg).toBe('内容不能超过4000字节');
    // 1333 three-byte characters are 3999 bytes: allowed.
    expect(
      (await zh.callUpload(boardRoutes.postTopic, { fields: { subject: 'S', body: '字'.repeat(1333) } })).statusCode,
    ).toBe(200);
    const noSubject = await as(world.pm.token).callUpload(boardRoutes.postTopic, {
      fields: { subject: ' ', body: 'x' },
    });
    expect(noSubject.msg).toBe('Subject is required');
    const exe = await as(world.pm.token).callUpload(boardRoutes.postTopic, {
      fields: { subject: 'S', body: 'x' },
      file: { name: 'tool.pdf', content: SAMPLE.exe() },
    });
    expect(exe.statusCode).toBe(415);
    // A sixth file is refused, and the five stored before it go with the request.
    const six = multipartFiles({ subject: 'S', body: 'x' }, 6);
    const many = await ctx.app.inject({
      method: 'POST',
      url: '/edoc/board/topic/a',
      headers: { ...bearer(world.pm.token), 'accept-language': 'en-US', ...six.headers },
      payload: six.payload,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toBe('No more than 5 attachments');
    expect(await blobFiles()).toEqual(files);
  });
});

/** A multipart body with `n` distinct small PDFs, each a part named `file`. */
function multipartFiles(fields: Record<string, string>, n: number) {
  const one = multipart(fields);
  const boundary = /boundary=(.*)$/.exec(one.headers['content-type'])![1];
  const head = one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length);
  const parts = Array.from({ length: n }, (_, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.from(`%PDF-1.4\n% file ${i}\n%%EOF\n`),
      Buffer.from('\r\n'),
    ]),
  );
  return { headers: one.headers, payload: Buffer.concat([head, ...parts, Buffer.from(`--${boundary}--\r\n`)]) };
}

async function enterZh(): Promise<string> {
  const token = await signIn(ctx, world.pm.email, undefined, 'zh-CN');
  await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
  return token;
}
