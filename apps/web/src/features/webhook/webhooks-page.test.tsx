import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDeliveryRow, WebhookRow } from '@edoc/contract/webhook';
import { webhookRoutes } from '@edoc/contract/webhook-routes';
import type { ProjectItem } from '@edoc/contract/project';
import { projectRoutes } from '@edoc/contract/project-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { pickOption } from '../../test/workflow-fixtures';
import { renderApp } from '../../test/render-app';
import { enterProject, signIn } from '../../test/session';

const hook = (id: number, over: Partial<WebhookRow> = {}): WebhookRow => ({
  id,
  companyId: 3,
  projectId: 11,
  projectIds: null,
  url: `https://ctms.example/hook/${id}`,
  events: ['document.created'],
  enabled: true,
  pausedAt: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-28T08:00:00.000Z',
  lastDelivery: null,
  ...over,
});
const delivery = (id: number, over: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow => ({
  id,
  eventId: `e-${id}`,
  event: 'document.created',
  state: 'failed',
  attempts: 6,
  createdAt: '2026-11-28T09:00:00.000Z',
  deliveredAt: null,
  nextAttemptAt: null,
  responseStatus: 503,
  responseExcerpt: 'try later',
  error: 'answered 503',
  durationMs: 40,
  ...over,
});

/** The JSON bodies the page sent to a path. */
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://x').pathname === `/edoc${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('webhooks (issue 29 part 5)', () => {
  it("lists the project's hooks, creates one showing its secret once, resumes, re-sends and deletes after confirmation", async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      ...serve(webhookRoutes.projectList, {
        list: [
          hook(1, { lastDelivery: { state: 'delivered', at: '2026-11-28T09:00:00.000Z', responseStatus: 200 } }),
          hook(2, { pausedAt: '2026-11-28T10:00:00.000Z', consecutiveFailures: 10 }),
        ],
      }),
      ...serve(webhookRoutes.project.create, { id: 3, secret: 'whsec_shown_once' }),
      ...serve(webhookRoutes.project.resume, null),
      ...serve(webhookRoutes.project.remove, null),
      ...serve(webhookRoutes.project.deliveries, { list: [delivery(7)], total: 1 }),
      ...serve(webhookRoutes.project.resend, { deliveryId: 8 }),
    });
    renderApp('/manage/webhooks');
    // The first page of a file loads its code: on a loaded machine that may take longer than a query's wait.
    expect(await waitFor(() => byId('webhook-state-1'), { timeout: 30_000 })).toHaveTextContent('Active');
    expect(byId('webhook-state-2')).toHaveTextContent('Paused');
    expect(screen.getByText(/Delivered · HTTP 200/)).toBeInTheDocument();

    // Create: URL and events (each with its meaning), then the secret, once.
    fireEvent.click(byId('webhook-create'));
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'https://edc.example/in' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Task overdue/ }));
    fireEvent.click(byId('webhook-dialog-ok'));
    await waitFor(() =>
      expect(sent(fetchMock, '/project/webhook')).toEqual([
        { url: 'https://edc.example/in', events: ['task.overdue'] },
      ]),
    );
    expect(await screen.findByDisplayValue('whsec_shown_once')).toBeInTheDocument();
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
    fireEvent.click(byId('webhook-secret-close'));

    fireEvent.click(byId('webhook-resume-2'));
    await waitFor(() => expect(sent(fetchMock, '/project/webhook/2/resume')).toHaveLength(1));

    // The log: the answer and error of each delivery, and re-send.
    fireEvent.click(byId('webhook-log-1'));
    expect(await screen.findByText('try later')).toBeInTheDocument();
    const row = screen.getByText('HTTP 503').closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /Re-send document.created/ }));
    await waitFor(() => expect(sent(fetchMock, '/project/webhook/1/resend')).toEqual([{ deliveryId: 7 }]));
    fireEvent.keyDown(screen.getByText('try later'), { key: 'Escape' });

    // Delete asks first.
    fireEvent.click(byId('webhook-more-1'));
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findAllByText('Delete the webhook to https://ctms.example/hook/1?')).not.toHaveLength(0);
    expect(sent(fetchMock, '/project/webhook/1/delete')).toHaveLength(0);
    fireEvent.click(byId('webhook-delete-ok-1'));
    await waitFor(() => expect(sent(fetchMock, '/project/webhook/1/delete')).toHaveLength(1));
  });

  it("reads in Chinese for the company's hooks: the empty list, and a private address refused under the URL", async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi({
      ...serve(webhookRoutes.companyList, { list: [] }),
      ...serve(webhookRoutes.company.create, () =>
        envelope(
          { fields: [{ field: 'url', message: '接收地址：指向内网、本机或链路本地地址，系统设置不允许此类目标' }] },
          { status: 400, errorCode: 'webhook_target_private', msg: '接收地址：指向内网、本机或链路本地地址' },
        ),
      ),
    });
    renderApp('/company/webhooks');
    expect(await screen.findByText('还没有 Webhook', {}, { timeout: 30_000 })).toBeInTheDocument();
    fireEvent.click(byId('webhook-create'));
    fireEvent.change(await screen.findByLabelText('接收地址'), { target: { value: 'http://10.0.0.5/in' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /任务已创建/ }));
    fireEvent.click(byId('webhook-dialog-ok'));
    expect(await screen.findByText(/系统设置不允许此类目标/)).toBeInTheDocument();
  });

  it('limits a company hook to chosen projects of the company', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const project = (studyId: number, code: string, name: string): ProjectItem => ({
      studyId,
      code,
      name,
      phase: null,
      description: null,
      companyId: 3,
      companyName: 'Acme Pharma',
      idleMinutes: 30,
      pageSize: 20,
      reviewOpen: true,
      qcOpen: true,
      approveOpen: true,
      libraryFolder: true,
      allowedFileTypes: [],
      versionConvention: 'V1.0',
      endDate: null,
      timeZone: 'Asia/Shanghai',
      expiryNoticeDays: 30,
      closed: false,
      memberCount: 1,
    });
    const fetchMock = mockApi({
      ...serve(webhookRoutes.companyList, {
        list: [hook(5, { projectId: null, projectIds: [12] }), hook(6, { projectId: null })],
      }),
      ...serve(projectRoutes.list, {
        data: [project(11, 'ALPHA', 'Alpha study'), project(12, 'BETA', 'Beta study')],
        total: 2,
      }),
      ...serve(webhookRoutes.company.create, { id: 5, secret: 'whsec_x' }),
    });
    renderApp('/company/webhooks');
    // The list names a limited hook's projects, and says "every project" of the others.
    await waitFor(() => expect(byId('webhook-projects-5')).toHaveTextContent('BETA · Beta study'));
    expect(byId('webhook-projects-6')).toHaveTextContent('Every project');
    fireEvent.click(await findById('webhook-create'));
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'https://ctms.example/in' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Task created/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Projects' }));
    await waitFor(() => pickOption('BETA · Beta study'));
    fireEvent.click(byId('webhook-dialog-ok'));
    await waitFor(() => expect(sent(fetchMock, '/company/webhook')).toHaveLength(1));
    expect(sent(fetchMock, '/company/webhook')[0]).toEqual({
      url: 'https://ctms.example/in',
      events: ['task.created'],
      projectIds: [12],
    });
  });

  it("keeps the system administrator's setting for private targets", async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      ...serve(webhookRoutes.settings, { allowPrivateTargets: false }),
      ...serve(webhookRoutes.saveSettings, null),
    });
    renderApp('/system/webhooks');
    const toggle = await screen.findByRole('switch', { name: 'Allow private and loopback targets' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(sent(fetchMock, '/system/webhook-settings')).toEqual([{ allowPrivateTargets: true }]));
  });
});
