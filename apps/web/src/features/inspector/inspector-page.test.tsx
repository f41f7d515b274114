import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InspectorItem } from '@edoc/contract/inspector';
import { inspectorRoutes } from '@edoc/contract/inspector-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { setSession } from '../../lib/session';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

function item(id: number, state: InspectorItem['state'], extra: Partial<InspectorItem> = {}): InspectorItem {
  return {
    id,
    userId: 100 + id,
    email: `inspector${id}@agency.example`,
    userName: `Inspector ${id}`,
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    canDownload: false,
    state,
    invitedBy: 'Pat',
    createdAt: '2026-10-20T08:30:00Z',
    ...extra,
  };
}

const rows = [
  item(1, 'active', { canDownload: true }),
  item(2, 'scheduled', { startsOn: '2027-01-10', endsOn: '2027-01-20' }),
  item(3, 'ended'),
  item(4, 'revoked'),
];

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

/** Types a day into one of the range picker's two inputs, as a keyboard user does. */
function typeDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

function rangeInputs(dialog: HTMLElement): HTMLElement[] {
  const picker = within(dialog).getByPlaceholderText('First day').closest('.ant-picker') as HTMLElement;
  return within(picker).getAllByRole('textbox');
}

function fieldOf(element: HTMLElement): HTMLElement {
  return element.closest('.ant-form-item') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('inspectors page (issue 11)', () => {
  it('lists the invitations with their period, state and grant; only open ones can be changed or revoked', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(serve(inspectorRoutes.list, rows));
    renderApp('/manage/inspector');
    const table = await findById('inspector-table');
    expect(await within(table).findByText('Inspector 1')).toBeInTheDocument();
    for (const header of ['Name', 'E-mail', 'Access period', 'State', 'May download', 'Invited by', 'Invited at'])
      expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    expect(within(table).getByText('inspector2@agency.example')).toBeInTheDocument();
    expect(within(table).getByText('2027-01-10 – 2027-01-20')).toBeInTheDocument();
    expect(byId('inspector-state-1')).toHaveTextContent('Active');
    expect(byId('inspector-state-2')).toHaveTextContent('Scheduled');
    expect(byId('inspector-state-3')).toHaveTextContent('Ended');
    expect(byId('inspector-state-4')).toHaveTextContent('Revoked');
    const first = byId('inspector-state-1').closest('tr') as HTMLElement;
    expect(within(first).getByText('Yes')).toBeInTheDocument();
    expect(byId('inspector-revoke-1')).toBeInTheDocument();
    expect(byId('inspector-revoke-2')).toBeInTheDocument();
    expect(document.getElementById('inspector-revoke-3')).toBeNull();
    expect(document.getElementById('inspector-revoke-4')).toBeNull();
    expect(document.getElementById('inspector-change-4')).toBeNull();
    // The page sits beside the members in the management menu.
    const menu = await findById('side-menu');
    expect(within(menu).getByText('Inspectors')).toBeInTheDocument();
  });

  it('says when nobody is invited yet, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(serve(inspectorRoutes.list, []));
    renderApp('/manage/inspector');
    expect(await screen.findByText('本项目尚未邀请检查员')).toBeInTheDocument();
    expect(byId('inspector-invite')).toHaveTextContent('邀请检查员');
  });

  it('invites with the period and download grant, and shows a refusal under the e-mail', async () => {
    await changeLanguage('en-US');
    enterProject();
    let answered = 0;
    const fetchMock = mockApi({
      ...serve(inspectorRoutes.list, () => (answered > 1 ? [item(5, 'scheduled')] : [])),
      ...serve(inspectorRoutes.invite, () =>
        ++answered === 1
          ? envelope(null, {
              status: 409,
              errorCode: 'inspector_is_member',
              msg: 'This user is already a member of the project and cannot be invited as an inspector',
            })
          : { id: 5, userId: 105, newAccount: true },
      ),
    });
    renderApp('/manage/inspector');
    fireEvent.click(await findById('inspector-invite'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(byId('inspector-form-ok'));
    expect(await within(dialog).findByText('E-mail is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Access period is required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'eve@agency.example' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: ' Eve Auditor ' } });
    const [from, to] = rangeInputs(dialog);
    typeDay(from, '2026-12-01');
    typeDay(to, '2026-12-15');
    fireEvent.click(byId('inspector-can-download'));
    fireEvent.click(byId('inspector-form-ok'));
    const refusal = await within(dialog).findByText(
      'This user is already a member of the project and cannot be invited as an inspector',
    );
    expect(fieldOf(refusal)).toBe(fieldOf(within(dialog).getByRole('textbox', { name: 'E-mail' })));
    expect(posted(fetchMock, '/manage/inspector/invite')).toEqual([
      {
        email: 'eve@agency.example',
        userName: 'Eve Auditor',
        startsOn: '2026-12-01',
        endsOn: '2026-12-15',
        canDownload: true,
      },
    ]);

    fireEvent.click(byId('inspector-form-ok'));
    expect(
      await screen.findByText('eve@agency.example is invited as an inspector; a new account was made for this e-mail'),
    ).toBeInTheDocument();
    expect(await findById('inspector-state-5')).toHaveTextContent('Scheduled');
    expect(posted(fetchMock, '/manage/inspector/invite')).toHaveLength(2);
  });

  it("puts the server's field problems under their fields (both dates under the period)", async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi({
      ...serve(inspectorRoutes.list, [item(1, 'active')]),
      ...serve(inspectorRoutes.invite, () =>
        envelope(
          {
            fields: [{ field: 'startsOn', message: 'Start time cannot be later than end time' }],
          },
          { status: 400, errorCode: 'start_after_end', msg: 'Start time cannot be later than end time' },
        ),
      ),
    });
    renderApp('/manage/inspector');
    // Changing an invitation keeps its e-mail, which is what the server finds it by.
    fireEvent.click(await findById('inspector-change-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Change the inspector's access")).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('inspector1@agency.example');
    expect(email).toBeDisabled();
    fireEvent.click(byId('inspector-form-ok'));
    const problem = await within(dialog).findByText('Start time cannot be later than end time');
    expect(fieldOf(problem)).toBe(fieldOf(rangeInputs(dialog)[0]));
  });

  it('revokes an access after confirmation, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    let revoked = false;
    const fetchMock = mockApi({
      ...serve(inspectorRoutes.list, () => [item(1, revoked ? 'revoked' : 'active', { userName: '李检查' })]),
      ...serve(inspectorRoutes.revoke, () => {
        revoked = true;
        return null;
      }),
    });
    renderApp('/manage/inspector');
    fireEvent.click(await findById('inspector-revoke-1'));
    expect(await screen.findByText('确定撤销 李检查 的访问吗？')).toBeInTheDocument();
    expect(posted(fetchMock, '/manage/inspector/revoke/1')).toHaveLength(0);
    fireEvent.click(await findById('inspector-revoke-ok-1'));
    expect(await screen.findByText('已撤销 李检查 的访问')).toBeInTheDocument();
    await waitFor(() => expect(byId('inspector-state-1')).toHaveTextContent('已撤销'));
    expect(document.getElementById('inspector-revoke-1')).toBeNull();
    expect(posted(fetchMock, '/manage/inspector/revoke/1')).toHaveLength(1);
  });

  it('invites in a closed project too: a closed trial is what inspectors come to read', async () => {
    await changeLanguage('en-US');
    enterProject();
    setSession({ closed: true });
    mockApi(serve(inspectorRoutes.list, rows));
    renderApp('/manage/inspector');
    expect(await findById('inspector-state-1')).toHaveTextContent('Active');
    expect(byId('inspector-invite')).toBeInTheDocument();
    expect(byId('inspector-revoke-1')).toBeInTheDocument();
  });

  it('is not there for ordinary staff', async () => {
    await changeLanguage('en-US');
    enterProject('STU_STAFF');
    mockApi({});
    const router = renderApp('/manage/inspector');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
