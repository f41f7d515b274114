import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Lang } from '@edoc/contract/enums';
import { companyList } from '@edoc/contract/company';
import { noData } from '@edoc/contract/envelope';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const acme = {
  companyId: 3,
  companyName: 'Acme Pharma',
  description: 'Sponsor',
  enabled: true,
  projectCount: 2,
  userCount: 14,
  createdAt: '2025-01-02T08:00:00+08:00',
};

function postsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`));
}

async function openCreate(lang: Lang) {
  await changeLanguage(lang);
  signIn('system');
  const fetchMock = mockApi({
    'GET /company/list': () => reply(companyList, { data: [acme], total: 1 }),
    'POST /company/create': () =>
      envelope(null, { status: 409, errorCode: 'company_name_exists', msg: 'Duplicate company name' }),
  });
  renderApp('/system/company/list');
  fireEvent.click(await findById('company-create'));
  const dialog = await screen.findByRole('dialog');
  return { fetchMock, dialog };
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe.each([
  { lang: 'zh-CN' as const, required: '请输入公司名称', tooLong: '公司名称不能超过128个字符' },
  {
    lang: 'en-US' as const,
    required: 'Company name is required',
    tooLong: 'Company name cannot exceed 128 characters',
  },
])('company create dialog in $lang', ({ lang, required, tooLong }) => {
  it('requires a company name of at most 128 characters and sends nothing until it is valid', async () => {
    const { fetchMock, dialog } = await openCreate(lang);
    fireEvent.click(await findById('company-form-ok'));
    expect(await within(dialog).findByText(required)).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: lang === 'en-US' ? 'Company name' : '公司名称' });
    fireEvent.change(name, { target: { value: 'x'.repeat(129) } });
    expect(await within(dialog).findByText(tooLong)).toBeInTheDocument();
    fireEvent.click(await findById('company-form-ok'));
    await waitFor(() => expect(within(dialog).getByText(tooLong)).toBeInTheDocument());
    expect(postsTo(fetchMock, '/company/create')).toHaveLength(0);
  });
});

describe('company list page', () => {
  it('lists companies with paging and links to the details', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({ 'GET /company/list': () => reply(companyList, { data: [acme], total: 1 }) });
    renderApp('/system/company/list');
    const table = await findById('company-table');
    expect(await within(table).findByText('Acme Pharma')).toBeInTheDocument();
    expect(within(table).getByText('Enabled')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ pageNum: '1', pageSize: '10' });
    expect(await findById('company-link-3')).toHaveAttribute('href', '/system/company/details?companyId=3');
  });

  it('puts the duplicate-name refusal under the field, and saves a valid company', async () => {
    const { fetchMock, dialog } = await openCreate('en-US');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Company name' }), {
      target: { value: '  Acme Pharma ' },
    });
    fireEvent.click(await findById('company-form-ok'));
    expect(await within(dialog).findByText('Duplicate company name')).toBeInTheDocument();
    const body = JSON.parse(String(postsTo(fetchMock, '/company/create')[0][1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ companyName: 'Acme Pharma' });
  });

  it('disables a company only after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /company/list': () => reply(companyList, { data: [acme], total: 1 }),
      'POST /company/disable/3': () => reply(noData, null),
    });
    renderApp('/system/company/list');
    fireEvent.click(await findById('company-toggle-3'));
    expect(await screen.findByText('Disable this company?')).toBeInTheDocument();
    expect(postsTo(fetchMock, '/company/disable/3')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(postsTo(fetchMock, '/company/disable/3')).toHaveLength(1));
    expect(await screen.findByText('Company disabled')).toBeInTheDocument();
  });
});
