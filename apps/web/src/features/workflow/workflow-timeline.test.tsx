import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { Decision, RouteState, StageState } from '@edoc/contract/states';
import { workflowHistory, type WorkflowHistory } from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { detail, flow, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** The fixture's round, rejected by Wang Wu: Li Si, who had not acted, was not needed (issue 26 item 2). */
const rejected: WorkflowHistory = flow.map((route) => ({
  ...route,
  state: RouteState.Rejected,
  stages: route.stages.map((s, i) =>
    i === 0
      ? {
          ...s,
          state: StageState.Rejected,
          assignees: s.assignees.map((a) => ({
            ...a,
            decision: a.userName === 'Wang Wu' ? Decision.Rejected : Decision.NotNeeded,
            signature: null,
          })),
        }
      : s,
  ),
}));

describe('the flow of a rejected round', () => {
  it.each<['en-US' | 'zh-CN', string, string, string]>([
    ['en-US', 'Not needed', 'Pending', 'Rejected'],
    ['zh-CN', '无需处理', '待处理', '已驳回'],
  ])(
    'reads the assignee the rejection released as not needed (%s)',
    async (lang, notNeeded, pending, rejectedLabel) => {
      await changeLanguage(lang);
      signIn();
      serveViewer(detail(), { 'GET /file/flow/7': () => reply(workflowHistory, rejected) });
      renderApp('/view?fileId=7&fileVerId=70');
      const timeline = await findById('workflow-flow');
      expect(within(timeline).getByText(notNeeded)).toBeInTheDocument();
      expect(within(timeline).queryByText(pending)).toBeNull();
      expect(within(timeline).getAllByText(rejectedLabel).length).toBeGreaterThan(0);
    },
  );
});
