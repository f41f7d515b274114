import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { taskRoutes } from '@edoc/contract/task-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject, taskRow } from '../../test/task-fixtures';

// The signed-in layout and the task page load on first use: transformed once here, not inside the first test's wait.
beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('../task/pages/pending-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe("a quality issue's Home task", () => {
  it("is named for what it asks and opens the document's quality issues, not the viewer", async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(
      serve(taskRoutes.list, {
        data: [
          taskRow({ taskId: 1, kind: 'qualityIssue', fileId: 101 }),
          taskRow({ taskId: 2, kind: 'qualityVerify', fileId: 102, fileName: 'Brochure' }),
          taskRow({ taskId: 3, kind: 'review', fileId: 103, fileName: 'Plan' }),
        ],
        total: 3,
      }),
    );
    renderApp('/home/pending');
    expect(await findById('task-kind-1')).toHaveTextContent('Quality issue to resolve');
    expect(await findById('task-kind-2')).toHaveTextContent('Quality issue to verify');
    expect(await findById('task-open-1')).toHaveAttribute('href', '/work?doc=101&tab=quality');
    expect(await findById('task-open-2')).toHaveAttribute('href', '/work?doc=102&tab=quality');
    expect(await findById('task-open-2')).not.toHaveAttribute('target');
    expect(await findById('task-open-3')).toHaveAttribute('href', '/view?fileId=103');
    // They are not stage decisions: batch passing leaves them out.
    const row = (await findById('task-open-1')).closest('tr')!;
    expect(within(row).getByRole('checkbox')).toBeDisabled();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(serve(taskRoutes.list, { data: [taskRow({ taskId: 1, kind: 'qualityVerify' })], total: 1 }));
    renderApp('/home/pending');
    expect(await findById('task-kind-1')).toHaveTextContent('质量问题待确认');
    expect(screen.getByRole('link', { name: 'Protocol v2' })).toHaveAttribute('href', '/work?doc=101&tab=quality');
  });
});
