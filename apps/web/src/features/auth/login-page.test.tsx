import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { captchaResponse, loginData as loginAnswer, type LoginData } from '@edoc/contract/auth';
import { UserType, type Lang } from '@edoc/contract/enums';
import { noticeRelease } from '@edoc/contract/notice';
import { connectApiToRouter } from '../../app/api-navigation';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { getSession } from '../../lib/session';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { LoginPage } from './pages/login-page';

const loginData: LoginData = {
  token: 'tok',
  userName: 'Ann Admin',
  userId: 1,
  email: 'ann@example.com',
  userType: UserType.System,
  companyId: null,
  companyName: null,
  lang: 'en-US',
  idleMinutes: 30,
};

function mockServer(login: () => Response = () => reply(loginAnswer, loginData)) {
  return mockApi({
    'GET /captcha': () => reply(captchaResponse, { id: 'cap-1', image: 'data:image/png;base64,' }),
    'GET /notice/system/release': () =>
      reply(noticeRelease, {
        noticeStatus: 1,
        noticeContent: '<p>Maintenance tonight</p>',
        id: 3,
        subject: 'Maintenance',
      }),
    'POST /login': login,
    'POST /user/modify_password': () => envelope(null),
  });
}

async function renderLogin(lang: Lang) {
  await changeLanguage(lang);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: ['/login'] },
  );
  // The login page moves through lib/navigation (it also runs without the router, issue 30): here, this router.
  connectApiToRouter(router);
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByAltText(lang === 'en-US' ? 'Verification code' : '验证码');
  return router;
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
}

/** Sets a field in one change event; typing key by key through antd's form costs seconds per test. */
function fill(name: string, value: string): void {
  fireEvent.change(input(name), { target: { value } });
}

// antd injects many style sheets; user-event's per-event pointer-events check walks them all.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const submitName = { 'zh-CN': /^登\s*录$/, 'en-US': /^log in$/i };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  {
    lang: 'zh-CN' as const,
    emailRequired: '请输入邮箱',
    emailInvalid: '邮箱格式不正确',
    passwordRequired: '请输入密码',
    codeRequired: '请输入验证码',
    mismatch: '两次输入的密码不一致！',
    weak: '长度6-20，必须包含数字、字母和符号',
    tooShort: '密码长度不能小于6',
  },
  {
    lang: 'en-US' as const,
    emailRequired: 'E-mail is required',
    emailInvalid: 'E-mail is not a valid e-mail address',
    passwordRequired: 'Password is required',
    codeRequired: 'Verification code is required',
    mismatch: 'Two entered passwords do not match!',
    weak: 'Length 6-20, must contain digits, letters and symbols',
    tooShort: 'Password length cannot be less than 6',
  },
])('login page in $lang', (texts) => {
  it('shows the required-field messages on an empty submit', async () => {
    mockServer();
    await renderLogin(texts.lang);
    await user.click(screen.getByRole('button', { name: submitName[texts.lang] }));
    // Each field's rule answers on its own: wait for every message, not only the first.
    expect(await screen.findByText(texts.emailRequired)).toBeInTheDocument();
    expect(await screen.findByText(texts.passwordRequired)).toBeInTheDocument();
    expect(await screen.findByText(texts.codeRequired)).toBeInTheDocument();
  });

  it('rejects a malformed e-mail', async () => {
    mockServer();
    await renderLogin(texts.lang);
    fill('email', 'not-an-email');
    await user.click(screen.getByRole('button', { name: submitName[texts.lang] }));
    expect(await screen.findByText(texts.emailInvalid)).toBeInTheDocument();
  });

  it('takes only digits in the code box (issue 12, defect 7)', async () => {
    mockServer();
    await renderLogin(texts.lang);
    fill('captchaCode', 'a1b2');
    expect(input('captchaCode').value).toBe('12');
  });

  it('switches to the forced password change, checks the new password and sends it with the change token', async () => {
    const fetchMock = mockServer(() =>
      envelope({ changeToken: 'chg-1' }, { status: 403, errorCode: 'user_inactivated', msg: 'change first' }),
    );
    await renderLogin(texts.lang);
    fill('email', ' new@example.com ');
    fill('password', 'Initial#1');
    fill('captchaCode', '1234');
    // SPEC §5: Enter in the code box submits.
    await user.type(input('captchaCode'), '{Enter}');

    const newPassword = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="newPassword"]');
      if (!input) throw new Error('edit mode not shown yet');
      return input;
    });
    expect(input('email').value).toBe('new@example.com');

    fireEvent.change(newPassword, { target: { value: 'abcdefgh' } });
    fill('confirmPassword', 'abcdefgx');
    const form = document.querySelector('form[id="passwordEdit"]') as HTMLFormElement;
    await user.click(within(form).getByRole('button', { name: /password|密\s*码/i, hidden: false }));
    // Each field's rule answers in its own time: the second message may come a render after the first.
    expect(await screen.findByText(texts.weak)).toBeInTheDocument();
    expect(await screen.findByText(texts.mismatch)).toBeInTheDocument();

    fireEvent.change(newPassword, { target: { value: 'a1#' } });
    expect(await screen.findByText(texts.tooShort)).toBeInTheDocument();

    // No current password asked again: the sign-in's change token stands for it (issue 9).
    expect(document.querySelector('input[name="password"]')).toBeNull();
    fireEvent.change(newPassword, { target: { value: 'Fresh#2024' } });
    fill('confirmPassword', 'Fresh#2024');
    await user.click(within(form).getByRole('button', { name: /password|密\s*码/i, hidden: false }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/user/modify_password'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/user/modify_password'));
    expect(Object.fromEntries(new URLSearchParams(String(call?.[1]?.body)))).toEqual({
      changeToken: 'chg-1',
      newPassword: 'Fresh#2024',
    });
  });
});

describe('login page behaviour', () => {
  it('shows the released notice and signs a system administrator in to /system', async () => {
    const fetchMock = mockServer();
    const router = await renderLogin('en-US');
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument();
    expect(screen.getByText('Version 2.4.4')).toBeInTheDocument();

    fill('email', 'ann@example.com');
    fill('password', 'Secret#1');
    fill('captchaCode', '4321');
    await user.click(screen.getByRole('button', { name: /log in/i }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/system'));
    expect(getSession()).toMatchObject({
      token: 'tok',
      userType: UserType.System,
      userName: 'Ann Admin',
      idleTime: 30,
    });
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/edoc/login'));
    const body = new URLSearchParams(String(loginCall?.[1]?.body));
    expect(Object.fromEntries(body)).toMatchObject({ captchaId: 'cap-1', captchaCode: '4321', lang: 'en-US' });
  });

  it('shows the server message and fetches a new code after a wrong code', async () => {
    const fetchMock = mockServer(() =>
      envelope(null, { status: 400, errorCode: 'verification_code_error', msg: 'Verification code error' }),
    );
    await renderLogin('en-US');
    fill('email', 'ann@example.com');
    fill('password', 'Secret#1');
    fill('captchaCode', '9999');
    await user.click(screen.getByRole('button', { name: /log in/i }));
    expect(await screen.findByText('Verification code error')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/edoc/captcha'))).toHaveLength(2),
    );
    expect(input('captchaCode').value).toBe('');
  });
});
