import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { captchaResponse } from '@edoc/contract/auth';
import { registerData } from '@edoc/contract/registration';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';

function fill(name: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  fireEvent.change(input, { target: { value } });
}

function server(register: () => Response = () => reply(registerData, { approvalStatus: 0 })) {
  return mockApi({
    'GET /captcha': () => reply(captchaResponse, { id: 'cap-9', image: 'data:image/png;base64,' }),
    'POST /register': register,
  });
}

function fillValid(): void {
  fill('userName', 'Eve External');
  fill('email', 'eve@example.com');
  fill('companyName', 'Acme Pharma');
  fill('password', 'Secret#12');
  fill('confirmPassword', 'Secret#12');
  fill('captchaCode', '1234');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  {
    lang: 'zh-CN' as const,
    submit: /注\s*册/,
    weak: '长度6-20，必须包含数字、字母和符号',
    tooShort: '密码长度不能小于6',
    tooLongPw: '密码长度不能超过20',
    mismatch: '两次输入的密码不一致！',
    nameRequired: '请输入姓名',
    companyRequired: '请输入公司名称',
  },
  {
    lang: 'en-US' as const,
    submit: 'Register',
    weak: 'Length 6-20, must contain digits, letters and symbols',
    tooShort: 'Password length cannot be less than 6',
    tooLongPw: 'Password length cannot exceed 20',
    mismatch: 'Two entered passwords do not match!',
    nameRequired: 'Name is required',
    companyRequired: 'Company name is required',
  },
])('registration form in $lang', (texts) => {
  it('checks the fields and the password policy before sending', async () => {
    await changeLanguage(texts.lang);
    const fetchMock = server();
    renderApp('/register');
    await findById('captcha-image');
    fireEvent.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(texts.nameRequired)).toBeInTheDocument();
    expect(await screen.findByText(texts.companyRequired)).toBeInTheDocument();

    fill('password', 'abcdefgh');
    fill('confirmPassword', 'abcdefgx');
    expect(await screen.findByText(texts.weak)).toBeInTheDocument();
    expect(await screen.findByText(texts.mismatch)).toBeInTheDocument();
    fill('password', 'a1#');
    expect(await screen.findByText(texts.tooShort)).toBeInTheDocument();
    fill('password', 'Abcdefghij#1234567890');
    expect(await screen.findByText(texts.tooLongPw)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/edoc/register'))).toBe(false);
  });
});

describe('registration', () => {
  it('sends the registration and says it waits for the company administrator', async () => {
    await changeLanguage('en-US');
    const fetchMock = server();
    renderApp('/register');
    await findById('captcha-image');
    fillValid();
    fireEvent.click(await findById('register-submit'));
    expect(await screen.findByText('Registration submitted')).toBeInTheDocument();
    expect(screen.getByText(/waiting for approval by your company administrator/)).toBeInTheDocument();
    expect(await findById('register-to-login')).toHaveAttribute('href', '/login');
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/edoc/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      userName: 'Eve External',
      email: 'eve@example.com',
      companyName: 'Acme Pharma',
      password: 'Secret#12',
      captchaId: 'cap-9',
      captchaCode: '1234',
    });
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it('shows a wrong code under its field and fetches a new code', async () => {
    await changeLanguage('en-US');
    const fetchMock = server(() =>
      envelope(null, { status: 400, errorCode: 'verification_code_error', msg: 'Verification code error' }),
    );
    renderApp('/register');
    await findById('captcha-image');
    fillValid();
    fireEvent.click(await findById('register-submit'));
    expect(await screen.findByText('Verification code error')).toBeInTheDocument();
    expect(document.querySelector('#register-captcha-help, .ant-form-item-explain-error')).not.toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/edoc/captcha'))).toHaveLength(2),
    );
    expect(screen.queryByText('Registration submitted')).toBeNull();
  });
});
