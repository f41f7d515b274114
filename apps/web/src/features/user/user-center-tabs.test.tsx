import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_KINDS, projectAlertList, projectAlertSaved, type ProjectAlertSaved } from '@edoc/contract/alert';
import { RoleCode, UserType } from '@edoc/contract/enums';
import { unreadReleases } from '@edoc/contract/release';
import { handwritingData, userInfo, type UserInfo } from '@edoc/contract/user';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { enterProject, signIn } from '../../test/session';

const info: UserInfo = {
  userId: 3,
  email: 'cy@example.com',
  userName: 'Cy',
  firstName: null,
  lastName: null,
  mobile: null,
  phone: null,
  sex: null,
  country: null,
  city: null,
  userType: UserType.Project,
  companyId: 1,
  companyName: 'Acme',
  roleCode: 'STU_STAFF',
  avatarUrl: null,
  hasSignature: false,
  lang: 'en-US',
  passwordChangedAt: null,
};
const ALL = [...ALERT_KINDS];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeEach(() => {
  // jsdom has neither object URLs nor a drawing canvas.
  URL.createObjectURL = vi.fn(() => 'blob:signature');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stopIdle();
});

async function openTab(name: string) {
  await changeLanguage('en-US');
  enterProject(RoleCode.ProjectStaff, { userId: 3, userName: 'Cy', projectId: 1 });
  renderApp('/user');
  fireEvent.click(await screen.findByRole('tab', { name }));
}

const calls = (fetchMock: ReturnType<typeof mockApi>, suffix: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith(suffix) && init?.method === 'POST');

describe('personal centre: project alerts', () => {
  it('shows every project with its kinds and saves a change at once', async () => {
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
      'GET /user/study_alert': () =>
        reply(projectAlertList, [
          { studyId: 1, studyCode: 'P-1', studyName: 'Asthma', companyName: 'Acme', kinds: ALL },
          { studyId: 2, studyCode: 'P-2', studyName: 'Oncology', companyName: 'Acme', kinds: ['review'] },
        ]),
      'POST /user/study_alert/a': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as ProjectAlertSaved;
        return reply(projectAlertSaved, body);
      },
    });
    await openTab('Study alerts');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Asthma')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'QC' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Mentions' })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'P-2 Review' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'P-2 QC' })).not.toBeChecked();

    fireEvent.click(within(table).getByRole('checkbox', { name: 'P-1 Approval' }));
    await waitFor(() => expect(calls(fetchMock, '/user/study_alert/a')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, '/user/study_alert/a')[0][1]?.body)) as unknown;
    expect(body).toEqual({
      studyId: 1,
      kinds: ['receive', 'review', 'qc', 'archive', 'deletion', 'expiry', 'mention'],
    });
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'P-1 Approval' })).not.toBeChecked();
  });

  it('says so when the user is in no project', async () => {
    mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'GET /user/study_alert': () => reply(projectAlertList, []),
    });
    await openTab('Study alerts');
    expect(await screen.findByText('You are not a member of any project yet.')).toBeInTheDocument();
  });

  it('is not offered to the system administrator, who has no projects (issue 12, defect 7)', async () => {
    await changeLanguage('en-US');
    signIn('system');
    mockApi({
      'GET /user/info': () =>
        reply(userInfo, { ...info, userType: UserType.System, companyId: null, companyName: null }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
    });
    renderApp('/system/userCenter');
    expect(await screen.findByRole('tab', { name: 'Profile and security' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Study alerts' })).toBeNull());
    expect(screen.queryByRole('tab', { name: 'Electronic signature' })).toBeNull();
  });
});

describe('personal centre: electronic signature', () => {
  it('shows that none is set, refuses a gif, and uploads a png', async () => {
    let stored: Blob | null = null;
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, { ...info, hasSignature: stored !== null }),
      'GET /user/signature': () =>
        stored
          ? new Response(stored, { status: 200, headers: { 'Content-Type': 'image/png' } })
          : envelope(null, { status: 404, errorCode: 'not_found', msg: 'Not found' }),
      'POST /user/signature/a': (_url, init) => {
        stored = (init?.body as FormData).get('file') as Blob;
        return reply(handwritingData, { version: 'abcd1234' });
      },
    });
    await openTab('Electronic signature');
    expect(await screen.findByText('No signature set yet')).toBeInTheDocument();
    // None is set, which the user info says: the image is not asked for (a 404 the browser would log).
    expect(calls(fetchMock, '/user/signature')).toHaveLength(0);
    // antd renders a fresh file input after each choice: look it up every time.
    const input = () => document.querySelector<HTMLInputElement>('#signature-current input[type=file]')!;

    fireEvent.change(input(), { target: { files: [new File(['GIF89a'], 'sig.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('This file type is not allowed')).toBeInTheDocument();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(calls(fetchMock, '/user/signature/a')).toHaveLength(0);

    fireEvent.change(input(), { target: { files: [new File([PNG], 'mine.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Signature saved')).toBeInTheDocument();
    const sent = (calls(fetchMock, '/user/signature/a')[0][1]?.body as FormData).get('file') as File;
    expect(sent.name).toBe('mine.png');
    const image = await screen.findByRole('img', { name: 'Current signature' });
    expect(image).toHaveAttribute('src', 'blob:signature');
  });

  it('turns a drawing into a PNG and uploads it', async () => {
    const drawn = new Blob([PNG], { type: 'image/png' });
    const ctx = { beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
      expect(type).toBe('image/png');
      callback(drawn);
    });
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'GET /user/signature': () => envelope(null, { status: 404, errorCode: 'not_found', msg: 'Not found' }),
      'POST /user/signature/a': () => reply(handwritingData, { version: 'abcd1234' }),
    });
    await openTab('Electronic signature');
    const save = await screen.findByRole('button', { name: 'Use this drawing' });
    expect(save).toBeDisabled();
    const canvas = screen.getByRole('img', { name: 'Signature drawing area' });
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30 });
    fireEvent.pointerUp(canvas);
    expect(ctx.stroke).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use this drawing' }));
    await waitFor(() => expect(calls(fetchMock, '/user/signature/a')).toHaveLength(1));
    const sent = (calls(fetchMock, '/user/signature/a')[0][1]?.body as FormData).get('file') as File;
    expect(sent.name).toBe('drawn-signature.png');
    expect(sent.type).toBe('image/png');
  });
});
