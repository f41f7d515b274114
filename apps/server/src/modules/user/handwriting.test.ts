import { userRoutes } from '@edoc/contract/user-routes';
import { UserType } from '@edoc/contract/enums';
import { HANDWRITING_MAX_BYTES } from '@edoc/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('drawn')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('scanned')]);
const GIF = Buffer.from('GIF89a-not-allowed-here');

const upload = (token: string, name: string, content: Buffer, type: string) =>
  client(ctx.app, token).callUpload(userRoutes.uploadHandwriting, { file: { name, content, type } });
const read = (token: string) => client(ctx.app, token).call(userRoutes.handwriting);

describe('electronic signature image', () => {
  it('answers 404 while the user has none', async () => {
    const token = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project })).email);
    const res = await read(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 'not_found', msg: 'Not found' });
  });

  it('stores a png, shows it to its owner only, and is replaced by a jpeg with a trail row each time', async () => {
    const user = await createUser(ctx.db, { userType: UserType.Company });
    const token = await signIn(ctx, user.email);
    const info = async () => (await client(ctx.app, token).call(userRoutes.info)).data.hasSignature;
    expect(await info()).toBe(false);
    const saved = await upload(token, 'drawn.png', PNG, 'image/png');
    expect(saved.statusCode).toBe(200);
    // The user info says there is one now: the personal centre asks for the image only then (issue 26).
    expect(await info()).toBe(true);
    const shown = await read(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    // Another user reads their own (none), never this one.
    const other = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Company })).email);
    expect((await read(other)).statusCode).toBe(404);

    expect((await upload(token, 'scan.jpg', JPEG, 'image/jpeg')).statusCode).toBe(200);
    const replaced = await read(token);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(JPEG)).toBe(true);
    const trail = (await trailOf(ctx.db, 'user', user.id)).filter((t) => t.reason === 'signature image');
    expect(trail).toHaveLength(2);
    expect(trail[1].oldValue).toEqual(trail[0].newValue);
  });

  it('refuses other types by content, whatever the name says, and images over 1 MiB', async () => {
    const token = await signIn(ctx, (await createUser(ctx.db, { userType: UserType.Project })).email);
    const gif = await upload(token, 'sig.png', GIF, 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ errorCode: 'file_type_not_allowed', msg: 'This file type is not allowed' });
    const exe = await upload(token, 'sig.jpg', Buffer.from('MZ pretending'), 'image/jpeg');
    expect(exe.statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(HANDWRITING_MAX_BYTES)]);
    const tooBig = await upload(token, 'big.png', big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.msg).toBe('File too large');
    const justFits = Buffer.concat([PNG, Buffer.alloc(HANDWRITING_MAX_BYTES - PNG.length)]);
    expect((await upload(token, 'fits.png', justFits, 'image/png')).statusCode).toBe(200);
    expect((await read(token)).rawPayload.length).toBe(HANDWRITING_MAX_BYTES);
  });

  it('needs a signed-in user', async () => {
    expect((await client(ctx.app).call(userRoutes.handwriting)).statusCode).toBe(401);
  });
});
