import { useState } from 'react';
import { Card, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params';
import { QUALITY_ISSUE_STATES, type QualityIssueState } from '@edoc/contract/quality-issue';
import { getSessionValue } from '../../../lib/session';
import { useQualityIssues } from '../api';
import { IssueTable } from '../components/issue-table';

const VIEWS = ['assigned', 'raised', 'all'] as const;
type View = (typeof VIEWS)[number];

/** What each tab asks the server for: the list is paged there, so its filters are the server's. */
const FILTER_OF: Record<View, { assignedToMe?: boolean; raisedByMe?: boolean }> = {
  assigned: { assignedToMe: true },
  raised: { raisedByMe: true },
  all: {},
};

/**
 * /quality-issues (issue 27 part 5): the issues assigned to me, those I raised, or all I may read, by state. The
 * tab and state are in the address, so back and reload return to them; a row opens its document's issues.
 */
export function QualityIssuesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useAddressParams();
  const rawView = params.get('view');
  const view: View = (VIEWS as readonly string[]).includes(rawView ?? '') ? (rawView as View) : 'assigned';
  const rawState = params.get('state');
  const state = (QUALITY_ISSUE_STATES as readonly string[]).includes(rawState ?? '')
    ? (rawState as QualityIssueState)
    : undefined;
  const [paging, setPaging] = useState(() => ({ page: 1, pageSize: getSessionValue('pageSize') }));
  const issues = useQualityIssues({ ...FILTER_OF[view], state, ...paging }, { paged: true });

  // Another tab or state lists other rows: back to their first page.
  const choose = (next: { view?: View; state?: QualityIssueState | null }) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next.view) copy.set('view', next.view);
      if (next.state === null) copy.delete('state');
      else if (next.state) copy.set('state', next.state);
      return copy;
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const table = (
    <IssueTable
      id={`quality-table-${view}`}
      rows={issues.data?.items ?? []}
      total={issues.data?.total ?? 0}
      loading={issues.isLoading || issues.isPlaceholderData}
      page={paging.page}
      pageSize={paging.pageSize}
      emptyText={t(view === 'assigned' && !state ? 'qualityIssue.emptyAssigned' : 'qualityIssue.empty')}
      onPage={(page, pageSize) => setPaging({ page, pageSize })}
    />
  );

  return (
    // The state filter in the card's title bar: inside the tab list (its extra content) it sat among the tabs, which
    // a tab list may not hold (axe aria-required-children).
    <Card
      title={t('qualityIssue.title')}
      extra={
        <Select<QualityIssueState>
          id="quality-state-filter"
          aria-label={t('qualityIssue.stateFilter')}
          placeholder={t('qualityIssue.allStates')}
          allowClear
          value={state}
          onChange={(next) => choose({ state: next ?? null })}
          style={{ width: 160 }}
          options={QUALITY_ISSUE_STATES.map((s) => ({ value: s, label: t(`qualityIssue.state.${s}`) }))}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('qualityIssue.intro')}</Typography.Paragraph>
      <Tabs
        id="quality-tabs"
        activeKey={view}
        onChange={(key) => choose({ view: key as View })}
        items={VIEWS.map((key) => ({
          key,
          label: <span id={`quality-tab-${key}`}>{t(`qualityIssue.tab.${key}`)}</span>,
          // One table, under the chosen tab: the others would ask the server for lists no one is looking at.
          children: key === view ? table : null,
        }))}
      />
    </Card>
  );
}
