import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';
import { oneStaffMember } from '../../test/members';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const lastListQuery = (fetchMock: ReturnType<typeof mockApi>) => {
  const calls = callsTo(fetchMock, 'GET', '/folder/workspace/file/list');
  return new URL(String(calls.at(-1)?.[0]), 'http://x').searchParams;
};

describe('workspace filters', () => {
  it('filters by status and, for administrators, by creator', async () => {
    await changeLanguage('en-US');
    enterWorkspace('STU_PM');
    const fetchMock = mockApi({
      ...base,
      'GET /manage/member/list': oneStaffMember,
    });
    renderApp('/work');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Archived'));
    await waitFor(() => expect(lastListQuery(fetchMock).get('status')).toBe('6'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Creator' }));
    fireEvent.click(await screen.findByTitle('Sam Staff'));
    await waitFor(() => expect(lastListQuery(fetchMock).get('creatorId')).toBe('7'));
    expect(lastListQuery(fetchMock).get('status')).toBe('6');
  });

  it('offers no creator list to ordinary staff', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace('STU_STAFF');
    mockApi(base);
    renderApp('/work');
    expect(await screen.findByRole('combobox', { name: '状态' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '创建人' })).toBeNull();
  });
});
