import { useState, type ReactNode } from 'react';
import {
  CheckOutlined,
  CloseOutlined,
  InboxOutlined,
  RollbackOutlined,
  SendOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { App, Button, Descriptions, Flex, Popconfirm, Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowAction } from '@edoc/contract/workflow';
import { Stage } from '@edoc/contract/workflow';
import type { FileDetail } from '@edoc/contract/viewer';
import { formatDateTime, formatSize } from '../../../lib/format';
import { useDocumentAction } from '../api';
import { DecisionDialog } from './decision-dialog';
import { WorkflowTimeline } from './workflow-timeline';
import { SendDialog } from './send-dialog';
import { StatusTag } from '../../../components/status-tag';
import { LockMark, useLockText } from '../../../components/lock-mark';

/** The actions this panel offers, in the order a user meets them; the others (edit, delete…) live elsewhere. */
const PANEL_ACTIONS = ['receive', 'send', 'pass', 'reject', 'withdraw', 'retract'] as const;
type PanelAction = (typeof PANEL_ACTIONS)[number];

const ICONS: Record<PanelAction, React.ReactNode> = {
  receive: <InboxOutlined />,
  send: <SendOutlined />,
  pass: <CheckOutlined />,
  reject: <CloseOutlined />,
  withdraw: <RollbackOutlined />,
  retract: <UndoOutlined />,
};

const stageOf = (status: number): Stage | null =>
  status === Stage.Review || status === Stage.Qc || status === Stage.Approval ? status : null;

/**
 * The viewer's right-hand workflow panel: the document's status, exactly the actions the server says the caller
 * may take now (`detail.actions`), and the history of its routes and its details in tabs. `extraActions` are
 * other features' actions on the document (the library's archive, recall, deletion), which the viewer page passes
 * in: this feature does not reach into their components.
 */
export function WorkflowPanel({ detail, extraActions }: { detail: FileDetail; extraActions?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = useDocumentAction(detail.fileId);
  const [sending, setSending] = useState(false);
  const [deciding, setDeciding] = useState<'pass' | 'reject' | null>(null);
  const [running, setRunning] = useState<PanelAction | null>(null);
  const stage = stageOf(detail.status);
  const offered = PANEL_ACTIONS.filter((a) => (detail.actions as readonly WorkflowAction[]).includes(a));
  // What only the lock keeps from the caller is shown disabled, naming who holds it (issue 26, item 6).
  const withheld = PANEL_ACTIONS.filter((a) => (detail.withheld as readonly WorkflowAction[]).includes(a));
  const lockText = useLockText();
  const lock = detail.lock;

  // Withdraw and retract are one call: the server knows which the caller may take.
  const run = (action: 'receive' | 'withdraw' | 'retract') => {
    setRunning(action);
    return act.mutateAsync({ kind: action === 'receive' ? 'receive' : 'undo' }).then(
      () => void message.success(t(`workflow.done.${action}`)),
      () => undefined, // shown by the query client; the document is refreshed either way
    );
  };

  const button = (a: PanelAction) => {
    const common = {
      id: `workflow-action-${a}`,
      block: true,
      icon: ICONS[a],
      loading: act.isPending && running === a,
    };
    switch (a) {
      case 'receive':
        return (
          <Button key={a} {...common} type="primary" onClick={() => void run('receive')}>
            {t('workflow.action.receive')}
          </Button>
        );
      case 'send':
        return (
          <Button key={a} {...common} type="primary" onClick={() => setSending(true)}>
            {t('workflow.action.send')}
          </Button>
        );
      case 'pass':
        return (
          <Button key={a} {...common} type="primary" disabled={stage === null} onClick={() => setDeciding('pass')}>
            {t('workflow.action.pass')}
          </Button>
        );
      case 'reject':
        return (
          <Button key={a} {...common} danger disabled={stage === null} onClick={() => setDeciding('reject')}>
            {t('workflow.action.reject')}
          </Button>
        );
      default:
        return (
          <Popconfirm
            key={a}
            title={t(`workflow.confirm.${a}`)}
            description={t(`workflow.confirm.${a}Text`)}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ id: `workflow-action-${a}-ok` }}
            onConfirm={() => run(a)}
          >
            <Button {...common}>{t(`workflow.action.${a}`)}</Button>
          </Popconfirm>
        );
    }
  };

  return (
    <Flex
      vertical
      id="workflow-panel"
      style={{ width: 380, flex: 'none', height: '100%', background: '#fff', borderLeft: '1px solid #f0f0f0' }}
    >
      <Flex vertical gap={12} style={{ padding: 16, borderBottom: '1px solid #f0f0f0' }}>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('workflow.panel.status')}</Typography.Text>
          <Flex gap={8} align="center">
            {detail.lock ? <LockMark lock={detail.lock} id="workflow-lock" /> : null}
            <StatusTag id="workflow-status" status={detail.status} />
          </Flex>
        </Flex>
        {offered.length > 0 || withheld.length > 0 || extraActions ? (
          <Flex id="workflow-actions" vertical gap={8}>
            {offered.map(button)}
            {lock
              ? withheld.map((a) => (
                  <Tooltip key={a} title={lockText(lock)}>
                    <Button id={`workflow-action-${a}`} block icon={ICONS[a]} disabled>
                      {t(`workflow.action.${a}`)}
                    </Button>
                  </Tooltip>
                ))
              : null}
            {lock && withheld.length > 0 ? (
              <Typography.Text id="workflow-lock-note" type="warning" style={{ fontSize: 12 }}>
                {lockText(lock)}
              </Typography.Text>
            ) : null}
            {extraActions}
          </Flex>
        ) : (
          <Typography.Text id="workflow-no-actions" type="secondary" style={{ fontSize: 12 }}>
            {t('workflow.panel.noActions')}
          </Typography.Text>
        )}
      </Flex>
      <Tabs
        id="workflow-tabs"
        style={{ flex: 1, minHeight: 0 }}
        tabBarStyle={{ padding: '0 16px', marginBottom: 0 }}
        items={[
          {
            key: 'flow',
            label: <span id="workflow-flow-tab">{t('workflow.panel.history')}</span>,
            children: (
              <div style={{ padding: '12px 16px', overflow: 'auto', height: '100%' }}>
                <WorkflowTimeline fileId={detail.fileId} />
              </div>
            ),
          },
          {
            key: 'details',
            label: <span id="workflow-details-tab">{t('workflow.panel.details')}</span>,
            children: (
              <div style={{ padding: '12px 16px' }}>
                <Descriptions column={1} size="small" id="workflow-details">
                  <Descriptions.Item label={t('workflow.details.name')}>{detail.name}</Descriptions.Item>
                  <Descriptions.Item label={t('workflow.details.code')}>{detail.fileCode ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('workflow.details.version')}>
                    {detail.version.versionNo}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('workflow.details.file')}>{detail.version.fileName}</Descriptions.Item>
                  <Descriptions.Item label={t('workflow.details.size')}>
                    {formatSize(detail.version.size)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('workflow.details.uploaded')}>
                    {formatDateTime(detail.version.createdtime)}
                  </Descriptions.Item>
                </Descriptions>
              </div>
            ),
          },
        ]}
      />
      {stage !== null ? (
        <DecisionDialog
          fileId={detail.fileId}
          stage={stage}
          decision={deciding}
          signing={detail.signing}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      <SendDialog
        open={sending}
        fileIds={[detail.fileId]}
        names={{ [detail.fileId]: detail.name }}
        onClose={() => setSending(false)}
      />
    </Flex>
  );
}
