import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tagRoutes } from '@edoc/contract/tag-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('project tags page', () => {
  it('lists tags, checks the name, and shows a repeated name under the field', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      ...serve(tagRoutes.list, [{ id: 1, name: 'Urgent', color: 'red', createdAt: '2026-01-01T00:00:00Z' }]),
      ...serve(tagRoutes.create, () =>
        envelope(null, { status: 409, errorCode: 'tag_exists', msg: 'The tag already exists' }),
      ),
    });
    renderApp('/manage/tag');
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
    fireEvent.click(await findById('tag-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('tag-form-ok'));
    expect(await within(dialog).findByText('Tag name is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag name' }), { target: { value: ' urgent ' } });
    fireEvent.click(await findById('tag-form-ok'));
    expect(await within(dialog).findByText('The tag already exists')).toBeInTheDocument();
    expect(posted(fetchMock, '/tag/create')).toEqual([{ name: 'urgent', color: 'blue' }]);
  });

  it('speaks Chinese and asks before deleting', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi({
      ...serve(tagRoutes.list, [{ id: 1, name: '紧急', color: 'red', createdAt: '2026-01-01T00:00:00Z' }]),
      ...serve(tagRoutes.delete, null),
    });
    renderApp('/manage/tag');
    fireEvent.click(await findById('tag-delete-1'));
    expect(await screen.findByText('确定删除标签“紧急”吗？')).toBeInTheDocument();
    expect(posted(fetchMock, '/tag/delete/1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted(fetchMock, '/tag/delete/1')).toHaveLength(1));
  });
});
