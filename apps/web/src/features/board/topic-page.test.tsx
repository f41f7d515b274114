import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BOARD_ACTIONS,
  boardMemberList,
  boardUnread,
  topicDetail,
  topicList,
  type TopicDetail,
} from '@edoc/contract/board';
import { noData } from '@edoc/contract/envelope';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { mockXhr, ok } from '../document/fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const HOSTILE = 'Line one\n<img src=x onerror="alert(1)"><script>alert(2)</script>';

function detail(over: Partial<TopicDetail['topic']> = {}, moderate = false): TopicDetail {
  return {
    topic: {
      id: 5,
      subject: 'Visit <b>plan</b>',
      body: HOSTILE,
      authorId: 8,
      authorName: 'Li Lei',
      pinned: false,
      closed: false,
      replyCount: 1,
      attachmentCount: 1,
      createdAt: '2026-03-01T08:00:00Z',
      lastPostAt: '2026-03-02T08:00:00Z',
      attachments: [{ id: 31, fileName: 'minutes.pdf', size: 2048 }],
      ...over,
    },
    replies: {
      data: [
        {
          id: 70,
          body: 'Agreed @Pat',
          authorId: 5,
          authorName: 'Pat',
          createdAt: '2026-03-02T08:00:00Z',
          attachments: [],
          canRemove: true,
        },
      ],
      total: 1,
    },
    abilities: BOARD_ACTIONS.filter((a) => ({ reply: !over.closed, moderate })[a]),
  };
}

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const common = {
  'GET /board/unread': () => reply(boardUnread, { topics: 0, mentions: 0 }),
  'GET /board/member/list': () => reply(boardMemberList, [{ id: 8, name: 'Li Lei', email: 'li.lei@example.com' }]),
  'GET /board/topic/list': () => reply(topicList, { data: [], total: 0 }),
};

describe('a message-board topic', () => {
  it('shows what members wrote as text, never as markup, with files and replies; staff only reply', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    mockApi({ ...common, 'GET /board/topic/5': () => reply(topicDetail, detail()) });
    renderApp('/board/5');
    const body = await findById('board-topic-body');
    expect(body.textContent).toBe(HOSTILE);
    expect(document.querySelector('#board-topic-body img, #board-topic-body script')).toBeNull();
    expect(screen.getByText('Visit <b>plan</b>')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download minutes.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Agreed @Pat')).toBeInTheDocument();
    expect(document.getElementById('board-pin')).toBeNull();
    expect(await findById('board-reply-ok')).toBeInTheDocument();
  });

  it('posts a reply with the member picked after @', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    mockApi({ ...common, 'GET /board/topic/5': () => reply(topicDetail, detail()) });
    const sent = mockXhr(() => ok({ id: 71 }));
    renderApp('/board/5');
    const box = (await findById('boardReply_body')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Thanks @' } });
    fireEvent.keyUp(box, { key: '@' });
    fireEvent.click(await screen.findByText('Li Lei (li.lei@example.com)'));
    fireEvent.click(await findById('board-reply-ok'));
    expect(await screen.findByText('Reply posted')).toBeInTheDocument();
    expect(sent[0].url).toBe('/edoc/board/reply/a');
    const form = sent[0].body;
    expect([form.get('topicId'), form.get('body'), form.get('mentionIds')]).toEqual(['5', 'Thanks @Li Lei', '8']);
  });

  it('gives the administrator pin, close and remove (asked first), in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject('STU_PM');
    const fetchMock = mockApi({
      ...common,
      'GET /board/topic/5': () => reply(topicDetail, detail({}, true)),
      'POST /board/topic/pin/5/a': () => reply(noData, null),
      'POST /board/topic/remove/5/a': () => reply(noData, null),
    });
    const router = renderApp('/board/5');
    fireEvent.click(await findById('board-pin'));
    await waitFor(() => expect(posted(fetchMock, '/board/topic/pin/5/a')).toEqual([{ pinned: true }]));
    fireEvent.click(await findById('board-remove'));
    const confirm = await screen.findByText('确定删除主题“Visit <b>plan</b>”吗？成员将不再看到它，操作记录会保留。');
    expect(posted(fetchMock, '/board/topic/remove/5/a')).toHaveLength(0);
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/board'));
    expect(posted(fetchMock, '/board/topic/remove/5/a')).toHaveLength(1);
  });

  it('says a closed topic takes no replies, and a removed one is not found', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    mockApi({
      ...common,
      'GET /board/topic/5': () => reply(topicDetail, detail({ closed: true })),
      'GET /board/topic/6': () => envelope(null, { status: 404, errorCode: 'not_found', msg: 'Not found' }),
    });
    const router = renderApp('/board/5');
    expect(await screen.findByText('This topic is closed: it takes no more replies.')).toBeInTheDocument();
    expect(document.getElementById('board-reply-ok')).toBeNull();
    await router.navigate('/board/6');
    expect(await screen.findByText('This topic does not exist or was removed.')).toBeInTheDocument();
  });
});
