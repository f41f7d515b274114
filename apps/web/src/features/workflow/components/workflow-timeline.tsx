import { Empty, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowHistory } from '@edoc/contract/workflow-requests';
import { Decision, RouteState, StageState } from '@edoc/contract/states';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useWorkflowHistory } from '../api';
import { RequestWords } from './request-words';
import { ESignatureCard } from './e-signature-card';

type Route = WorkflowHistory[number];
type StageRow = Route['stages'][number];

/** Colours of route states, stage states and assignee decisions as the server sends them (contract states.ts). */
const ROUTE_COLORS: Readonly<Partial<Record<number, string>>> = {
  [RouteState.Open]: 'blue',
  [RouteState.Done]: 'green',
  [RouteState.Rejected]: 'red',
  [RouteState.Withdrawn]: 'default',
};
const DECISION_COLORS: Readonly<Partial<Record<number, string>>> = {
  [Decision.Pending]: 'gold',
  [Decision.Passed]: 'green',
  [Decision.Rejected]: 'red',
  [Decision.Retracted]: 'default',
  [Decision.NotNeeded]: 'default',
};
const STAGE_COLORS: Readonly<Partial<Record<number, string>>> = {
  [StageState.Open]: 'processing',
  [StageState.Passed]: 'success',
  [StageState.Rejected]: 'error',
};

/** GET /file/flow: every route of the document, newest first, with each stage's assignees and decisions. */
export function WorkflowTimeline({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const history = useWorkflowHistory(fileId);
  if (history.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  const routes = history.data ?? [];
  if (routes.length === 0)
    return (
      <div id="workflow-flow-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.history.empty')} />
      </div>
    );
  return (
    <div id="workflow-flow" style={{ paddingTop: 8 }}>
      <Timeline
        items={routes.map((r) => ({
          key: r.routeId,
          color: ROUTE_COLORS[r.state] ?? 'gray',
          content: <RouteItem fileId={fileId} route={r} />,
        }))}
      />
    </div>
  );
}

function RouteItem({ fileId, route }: { fileId: number; route: Route }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} id={`workflow-route-${route.routeId}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t('workflow.history.version', { version: route.versionNo })}</Typography.Text>
        <Tag color={ROUTE_COLORS[route.state] ?? 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`workflow.history.routeState.${route.state}`, { defaultValue: String(route.state) })}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.history.sent', { name: route.senderName, time: formatDateTime(route.sentAt) })}
      </Typography.Text>
      {route.stages.map((s) => (
        <StageItem key={s.stage} stage={s} />
      ))}
      <RequestWords fileId={fileId} routeId={route.routeId} />
    </Flex>
  );
}

function StageItem({ stage }: { stage: StageRow }) {
  const { t } = useTranslation();
  const rules = [
    stage.allMustAct ? t('workflow.history.allMustAct') : t('workflow.history.anyOne'),
    stage.signatureRequired ? t('workflow.history.signatureRequired') : null,
    stage.dueDate ? t('workflow.history.due', { date: formatDate(stage.dueDate) }) : null,
  ].filter(Boolean);
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 10px', background: '#fcfcfc' }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong style={{ fontSize: 13 }}>
          {t(`workflow.stage.${stage.stage}`, { defaultValue: String(stage.stage) })}
        </Typography.Text>
        <Tag
          color={stage.state === null ? 'default' : (STAGE_COLORS[stage.state] ?? 'default')}
          style={{ marginInlineEnd: 0 }}
        >
          {stage.state === null ? t('workflow.history.notReached') : t(`workflow.history.stageState.${stage.state}`)}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {rules.join(' · ')}
      </Typography.Text>
      <Flex vertical gap={6} style={{ marginTop: 6 }}>
        {stage.assignees.map((a) => (
          <div key={a.userId}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text>{a.userName}</Typography.Text>
              {/* A stage not reached yet has nobody to wait for: its assignees carry no decision. */}
              {stage.state === null ? null : (
                <Tag color={DECISION_COLORS[a.decision] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                  {t(`workflow.history.decision.${a.decision}`, { defaultValue: String(a.decision) })}
                </Tag>
              )}
            </Flex>
            {a.decidedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(a.decidedAt)}
              </Typography.Text>
            ) : null}
            {a.comment ? (
              <Typography.Paragraph
                type="secondary"
                style={{ fontSize: 12, margin: '2px 0 0', whiteSpace: 'pre-wrap' }}
                ellipsis={{ rows: 3, expandable: true }}
              >
                “{a.comment}”
              </Typography.Paragraph>
            ) : null}
            {a.signature ? <ESignatureCard signature={a.signature} /> : null}
          </div>
        ))}
      </Flex>
    </div>
  );
}
