import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deletionApprovers } from '@edoc/contract/library';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { callsTo, detail, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const others = [
  { id: 5, name: 'Zhang San', email: 'zhang.san@example.com', reason: 'self' as const },
  { id: 13, name: 'Wang Wu', email: 'wang.wu@example.com', reason: 'right' as const },
  { id: 14, name: 'Zhao Liu', email: 'zhao.liu@example.com', reason: 'site' as const },
];

describe('the deletion approver field (issue 26 item 13)', () => {
  it.each([
    [
      'zh-CN',
      '未列出：Zhang San（申请人本人）、Wang Wu（此目录无删除权限）、Zhao Liu（仅限其他中心）',
      '没有其他成员可以删除此目录中的文件：项目管理员可在其角色和此目录权限中授予“删除”权限',
    ],
    [
      'en-US',
      'Not offered: Zhang San (you are applying), Wang Wu (no Delete right here), Zhao Liu (limited to other sites)',
      'No other member may delete documents in this folder: the project administrator can give someone the Delete right, in their role and on this folder',
    ],
  ] as const)('says why nobody is offered and what to do (%s)', async (lang, notOffered, nobody) => {
    await changeLanguage(lang);
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['applyDelete'], status: DocStatus.Archived }), {
      'GET /file/delete/approvers/7': () => reply(deletionApprovers, { approvers: [], others }),
    });
    renderApp('/view?fileId=7&fileVerId=70');
    fireEvent.click(await findById('workflow-action-applyDelete'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/delete/approvers/7')).toHaveLength(1));
    expect(await within(dialog).findByText(notOffered)).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect((await screen.findAllByText(nobody)).length).toBeGreaterThan(0);
  });
});
