import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { countryRoutes } from '@edoc/contract/country-routes';
import { documentEdited } from '@edoc/contract/document-edit';
import { siteRoutes } from '@edoc/contract/site-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, enterWorkspace, listOf, row } from '../../test/document-fixtures';
import { mockXhr, ok } from './fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const routes = {
  ...base,
  'GET /folder/workspace/file/list': listOf([
    row(1, 'Protocol', ALL_KEYS, { countryId: 1, countryCode: 'CN' }),
    row(2, 'Brochure', ALL_KEYS),
    row(4, 'Site CV', ALL_KEYS, { siteId: 3 }),
  ]),
  ...serve(siteRoutes.list, [
    { siteId: 3, name: 'Peking', shortName: null, code: 'S01', countryId: 1, countryCode: 'CN', memberCount: 0 },
  ]),
  ...serve(countryRoutes.list, [
    { id: 1, code: 'CN', name: 'China', siteCount: 1 },
    { id: 2, code: 'DE', name: 'Germany', siteCount: 0 },
  ]),
};

describe('country-level documents (issue 27 part 4)', () => {
  it("shows a document's country in the panel and changes it in the details", async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(routes);
    const sent = mockXhr(() => ok(documentEdited.parse({ fileId: 1, versionNo: 'V1.0' })));
    renderApp('/work?doc=1');
    expect(await findById('document-detail-country')).toHaveTextContent('CN');
    fireEvent.click(await findById('document-row-1-more'));
    fireEvent.click(await findById('document-row-1-edit'));
    const dialog = (await screen.findByText('Edit details of Protocol')).closest('.ant-modal') as HTMLElement;
    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    fireEvent.mouseDown(country);
    // A project administrator is offered the countries without sites too.
    await clickOption('DE Germany');
    fireEvent.click(byId('document-edit-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.get('countryId')).toBe('2');
  });

  it('leaves the country out when the details are saved unchanged', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(routes);
    const sent = mockXhr(() => ok(documentEdited.parse({ fileId: 2, versionNo: 'V1.0' })));
    renderApp('/work');
    fireEvent.click(await findById('document-row-2-more'));
    fireEvent.click(await findById('document-row-2-edit'));
    await screen.findByText('Edit details of Brochure');
    fireEvent.click(byId('document-edit-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.has('countryId')).toBe(false);
  });

  it("offers no country for a site document (its country is its site's)", async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(routes);
    renderApp('/work');
    fireEvent.click(await findById('document-row-4-more'));
    fireEvent.click(await findById('document-row-4-edit'));
    const dialog = (await screen.findByText('Edit details of Site CV')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getAllByRole('textbox').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('combobox', { name: 'Country' })).toBeNull();
  });
});
