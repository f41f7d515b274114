import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UserType } from '@edoc/contract/enums';
import { userInfo, type UserInfo } from '@edoc/contract/user';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { getSession } from '../../lib/session';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const info: UserInfo = {
  userId: 1,
  email: 'ann@example.com',
  userName: 'Ann',
  firstName: null,
  lastName: null,
  mobile: null,
  phone: null,
  sex: null,
  country: null,
  city: null,
  userType: UserType.System,
  companyId: null,
  companyName: null,
  roleCode: null,
  avatarUrl: null,
  hasSignature: false,
  lang: 'en-US',
  passwordChangedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('personal centre', () => {
  it('saves the profile and updates the name in the header', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'POST /user/info/modify/a': () => reply(userInfo, info),
    });
    renderApp('/system/userCenter');
    const card = await screen.findByText('Personal information');
    const profile = card.closest('.ant-card') as HTMLElement;
    const name = await within(profile).findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Ann Lee' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSession().userName).toBe('Ann Lee'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/user/info/modify/a'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ userName: 'Ann Lee' });
    expect(document.getElementById('header-user-name')).toHaveTextContent('Ann Lee');
  });

  it('checks the new password before changing it with the current one (the server knows whose)', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'POST /user/modify_password': () => envelope(null),
    });
    const router = renderApp('/system/userCenter');
    const form = (await screen.findByText('Security settings')).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old#pass1' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New#pass1' } });
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'New#pass2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Two entered passwords do not match!')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'New#pass1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/user/modify_password'));
    expect(Object.fromEntries(new URLSearchParams(String(call?.[1]?.body)))).toEqual({
      password: 'Old#pass1',
      newPassword: 'New#pass1',
    });
  });

  it('keeps the session and marks the field when the current password is wrong (issue 12, defect 1)', async () => {
    await changeLanguage('en-US');
    signIn('system');
    mockApi({
      'GET /user/info': () => reply(userInfo, info),
      'POST /user/modify_password': () =>
        envelope(null, { status: 400, errorCode: 'wrong_password', msg: 'Wrong password' }),
    });
    const router = renderApp('/system/userCenter');
    const form = (await screen.findByText('Security settings')).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Bad#pass1' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New#pass1' } });
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'New#pass1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Wrong password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/userCenter');
    expect(getSession().token).toBe('tok');
  });
});
