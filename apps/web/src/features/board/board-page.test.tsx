import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { boardMemberList, boardUnread, mentionList, topicList, type TopicItem } from '@edoc/contract/board';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { mockXhr, ok, refused } from '../document/fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const topic = (over: Partial<TopicItem>): TopicItem => ({
  id: 1,
  subject: 'Monitoring visit',
  authorName: 'Li Lei',
  pinned: false,
  closed: false,
  replyCount: 2,
  attachmentCount: 0,
  createdAt: '2026-03-01T08:00:00Z',
  lastPostAt: '2026-03-02T08:00:00Z',
  unread: false,
  ...over,
});

const board = (topics: TopicItem[], search?: (url: URL) => void) => ({
  'GET /board/topic/list': (url: URL) => {
    search?.(url);
    return reply(topicList, { data: topics, total: topics.length });
  },
  'GET /board/unread': () => reply(boardUnread, { topics: 1, mentions: 1 }),
  'GET /board/mention/list': () =>
    reply(mentionList, {
      data: [
        {
          id: 9,
          topicId: 2,
          topicSubject: 'Site 3 query',
          replyId: null,
          byName: 'Han Mei',
          createdAt: '2026-03-02T09:00:00Z',
          read: false,
        },
      ],
      total: 1,
    }),
  'GET /board/member/list': () => reply(boardMemberList, [{ id: 7, name: 'Han Mei', email: 'han.mei@example.com' }]),
});

describe('message board list', () => {
  it('shows pinned, closed and unread topics, searches, and lists my mentions', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    const searched: string[] = [];
    mockApi(
      board(
        [
          topic({ id: 1, subject: 'Read me first', pinned: true, unread: true, attachmentCount: 1 }),
          topic({ id: 2, subject: 'Old question', closed: true }),
        ],
        (url) => searched.push(url.searchParams.get('searchValue') ?? ''),
      ),
    );
    renderApp('/board');
    const table = await findById('board-table');
    expect(await within(table).findByText('Read me first')).toBeInTheDocument();
    expect(within(table).getByText('Pinned')).toBeInTheDocument();
    expect(within(table).getByText('Closed')).toBeInTheDocument();
    expect(within(table).getAllByText('New')).toHaveLength(1);
    // The menu entry carries the unread count and the mention mark.
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Message board')).toBeInTheDocument();
    await waitFor(() =>
      expect(menu.querySelector('.menu-mention-badge')).toHaveAttribute('title', '1 unread mention(s)'),
    );

    fireEvent.change(await findById('board-search'), { target: { value: 'visit' } });
    fireEvent.keyDown(await findById('board-search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(searched).toContain('visit'));

    fireEvent.click(screen.getByRole('tab', { name: /Mentions of me/ }));
    expect(await screen.findByText(/Han Mei mentioned you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Site 3 query' })).toHaveAttribute('href', '/board/2');
  });

  it('says so when the board is empty, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject('STU_STAFF');
    mockApi(board([]));
    renderApp('/board');
    expect(await screen.findByText('还没有主题，来发布第一个吧。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /发布主题/ })).toBeInTheDocument();
  });

  it('posts a new topic with a mention and a file, checking the 4000-byte limit first', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    mockApi(board([]));
    const sent = mockXhr(() => refused(400, 'not_project_member', 'The user is not a member of this project'));
    const router = renderApp('/board');
    fireEvent.click(await findById('board-new'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Visit' } });
    const body = document.getElementById('boardTopic_body') as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: '字'.repeat(1334) } });
    expect(await within(dialog).findByText('4002 / 4000 bytes')).toBeInTheDocument();
    fireEvent.click(await findById('board-topic-ok'));
    expect(await within(dialog).findByText('The text cannot exceed 4000 bytes')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(body, { target: { value: 'Hello @' } });
    fireEvent.keyUp(body, { key: '@' });
    fireEvent.click(await screen.findByText('Han Mei (han.mei@example.com)'));
    const file = new File(['%PDF-1.4'], 'minutes.pdf', { type: 'application/pdf' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByText('minutes.pdf')).toBeInTheDocument();
    fireEvent.click(await findById('board-topic-ok'));
    // A refusal about the people named shows under the text.
    expect(await within(dialog).findByText('The user is not a member of this project')).toBeInTheDocument();
    const form = sent[0].body;
    expect(sent[0].url).toBe('/edoc/board/topic/a');
    expect([form.get('subject'), form.get('body'), form.get('mentionIds')]).toEqual(['Visit', 'Hello @Han Mei', '7']);
    expect((form.get('file') as File).name).toBe('minutes.pdf');

    mockXhr(() => ok({ id: 42 }));
    fireEvent.click(await findById('board-topic-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/board/42'));
  });
});
