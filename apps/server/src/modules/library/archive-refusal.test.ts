import { DocStatus } from '@edoc/contract/enums';
import { libraryRoutes } from '@edoc/contract/library-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signIn } from '../../test/factories.ts';
import { createLibraryWorld, type LibraryWorld } from '../../test/library-world.ts';
import { client } from '../../test/requests.ts';

let L: LibraryWorld;
beforeAll(async () => {
  // The file library on, and no library folder: the demo project before issue 26.
  L = await createLibraryWorld('AR-1', false);
});
afterAll(() => L.ctx.close());

describe('the refusal to archive without a library folder (issue 26 item 1)', () => {
  it('says what to do and who can do it, in both languages, and changes nothing', async () => {
    const id = await L.processedDocument();
    const en = await L.as(L.world.pm).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(en.statusCode).toBe(409);
    expect(en.errorCode).toBe('library_folder_required');
    expect(en.msg).toBe(
      'No library folder has this ICH code: choose the library folder to archive into. If the library has no ' +
        'folders yet, a project administrator applies a directory template to the file library (Management → ' +
        'Directory templates) and grants the roles access to it',
    );
    const zhToken = await signIn(L.ctx, L.world.pm.email, PASSWORD, 'zh-CN');
    await client(L.ctx.app, zhToken).post('/common/study/entry', { studyId: L.world.projectId });
    const zh = await client(L.ctx.app, zhToken).call(libraryRoutes.archive, { body: { fileId: id } });
    expect(zh.msg).toBe(
      '文件库中没有相同ICH编码的目录：请选择归档目录。若文件库还没有目录，请项目管理员在“管理 → 目录模板”中将模板应用到文件库，并为角色授予文件库权限',
    );
    expect(await L.statusOf(id)).toBe(DocStatus.Processed);
  });
});
