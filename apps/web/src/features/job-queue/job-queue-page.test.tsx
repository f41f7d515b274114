import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { JOB_QUEUES, jobOverview, type JobOverview } from '@edoc/contract/job-queue';
import { unreadReleases } from '@edoc/contract/release';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const ID = '6f1c2a4e-8b1d-4c55-9d0e-2f7a9b3c1d20';
const overview = (state: string): JobOverview => ({
  queues: JOB_QUEUES.map((queue) => ({
    queue,
    waiting: queue === 'mail.send' ? 2 : 0,
    running: 0,
    failed: queue === 'download.pack' ? 1 : 0,
    done: 5,
    cancelled: 0,
  })),
  jobs:
    state === 'failed'
      ? [
          {
            id: ID,
            queue: 'download.pack',
            state: 'failed',
            retries: 5,
            createdAt: '2026-11-28T08:00:00.000Z',
            changedAt: '2026-11-28T08:05:00.000Z',
            reason: 'content of protocol.pdf is missing or changed',
          },
        ]
      : [],
  total: state === 'failed' ? 1 : 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('background jobs page (issue 29 part 6)', () => {
  it('shows each queue’s counts and a failed job’s reason, and retries it after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /system/jobs': (url) => reply(jobOverview, overview(new URL(url).searchParams.get('state') ?? 'failed')),
      'POST /system/jobs/retry': () => reply(noData, null),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
    });
    renderApp('/system/jobs');
    expect(await screen.findByRole('heading', { name: 'Background jobs' })).toBeInTheDocument();
    const failed = await screen.findByText('content of protocol.pdf is missing or changed');
    const row = failed.closest('tr')!;
    expect(within(row).getByText('Download pack')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([u, init]) => String(u).includes('/system/jobs/retry') && init);
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ queue: 'download.pack', id: ID });
    });
    expect(await screen.findByText('The job is queued again')).toBeInTheDocument();

    // A state's tab lists its jobs; none waiting here says so.
    fireEvent.click(screen.getByRole('tab', { name: 'Waiting' }));
    expect(await screen.findByText('No jobs in this state')).toBeInTheDocument();
  });
});
