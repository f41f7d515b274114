import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QualityIssue } from '@edoc/contract/quality-issue';
import { useIssueStep } from '../api';
import type { AskingStep } from './issue-step-dialog';

/** The order the buttons stand in: the step the issue waits for first. */
const ASKING: AskingStep[] = ['resolve', 'reopen', 'reassign', 'waive'];

/**
 * The steps the caller may take on an issue, exactly as the server's policy answered in its abilities (the web
 * decides nothing of who may). Verify asks for a yes; the others open the step dialog.
 */
export function IssueActions(props: { issue: QualityIssue; onAsk: (action: AskingStep, issue: QualityIssue) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { issue } = props;
  const verify = useIssueStep();
  const idOf = (action: string) => `quality-${action}-${issue.id}`;
  const shown = ASKING.filter((action) => issue.abilities[action]);
  if (!issue.abilities.verify && shown.length === 0) return null;
  return (
    <Space
      size={4}
      wrap
      role="group"
      aria-label={t('qualityIssue.actionsOf', { category: t(`qualityIssue.category.${issue.category}`) })}
    >
      {issue.abilities.verify ? (
        <Popconfirm
          title={t('qualityIssue.verifyConfirm')}
          okText={t('qualityIssue.verify')}
          okButtonProps={{ id: `${idOf('verify')}-ok` }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            verify
              .mutateAsync({ action: 'verify', id: issue.id })
              .then(() => void message.success(t('qualityIssue.verified')))
              .catch(() => undefined)
          }
        >
          <Button id={idOf('verify')} size="small" type="primary" loading={verify.isPending}>
            {t('qualityIssue.verify')}
          </Button>
        </Popconfirm>
      ) : null}
      {shown.map((action) => (
        <Button
          key={action}
          id={idOf(action)}
          size="small"
          type={action === 'resolve' ? 'primary' : 'default'}
          danger={action === 'waive'}
          onClick={() => props.onAsk(action, issue)}
        >
          {t(`qualityIssue.${action}`)}
        </Button>
      ))}
    </Space>
  );
}
