import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { exchangeImportRoutes } from '@edoc/contract/exchange-import-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, enterWorkspace, listOf, row } from '../../test/document-fixtures';
import { SOURCE_FACTS } from '../../test/exchange-import-fixtures';

// The signed-in layout and the workspace load on first use: transformed once here, not inside the first test's wait.
beforeAll(
  () => Promise.all([import('../../app/layouts/area-layout'), import('../document/pages/workspace-page')]),
  60_000,
);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const imported = row(1, 'Protocol', ALL_KEYS, { sourceSystem: 'VeevaCRO' });
const own = row(2, 'Brochure', ALL_KEYS);
const routes = {
  ...base,
  'GET /folder/workspace/file/list': listOf([imported, own]),
  ...serve(exchangeImportRoutes.source, SOURCE_FACTS),
};

describe("the document panel's Source tab", () => {
  it('shows what the source system recorded, headed as its facts and not edoc signatures', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(routes);
    renderApp('/work?doc=1&tab=source');
    expect(await findById('document-source')).toHaveTextContent('ABC-D1');
    expect(byId('document-source-import')).toHaveAttribute('href', '/exchange/import/4');
    expect(byId('document-source-signatures-title')).toHaveTextContent(
      'Signatures — recorded in VeevaCRO, not signed in edoc',
    );
    expect(byId('document-source-audit-title')).toHaveTextContent("recorded in VeevaCRO, not edoc's trail");
    expect(screen.getByText('Jane Roe')).toBeInTheDocument();
    expect(screen.getByText('Approval')).toBeInTheDocument();
    expect(screen.getByText('Document created')).toBeInTheDocument();
  });

  it('is there only for an imported document (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi(routes);
    renderApp('/work?doc=2');
    await findById('document-panel-tab-details');
    expect(document.getElementById('document-panel-tab-source')).toBeNull();
    fireEvent.click(await findById('document-row-1-open'));
    fireEvent.click(await findById('document-panel-tab-source'));
    await waitFor(() =>
      expect(byId('document-source-signatures-title')).toHaveTextContent('记录于 VeevaCRO，非本系统签名'),
    );
  });
});
