import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  qualityIssueReopenBody,
  qualityIssueResolveBody,
  qualityIssueWaiveBody,
  type QualityIssue,
} from '@edoc/contract/quality-issue';
import { Dialog } from '../../../components/dialog';
import { showServerError } from '../../../lib/form-errors';
import { requiredRule, schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useIssueAssignees, useIssueStep } from '../api';

/** The steps that ask for something first: a text (why, how) or another assignee. Verify asks only for a yes. */
export type AskingStep = 'resolve' | 'reopen' | 'waive' | 'reassign';

/** The text field of each step: its label, its name in the body and the body's own rule for it. */
const TEXT_OF = {
  resolve: {
    label: 'qualityIssue.field.resolution',
    field: 'resolution',
    schema: qualityIssueResolveBody.shape.resolution,
  },
  reopen: { label: 'qualityIssue.field.reopenComment', field: 'comment', schema: qualityIssueReopenBody.shape.comment },
  waive: { label: 'qualityIssue.field.reason', field: 'reason', schema: qualityIssueWaiveBody.shape.reason },
} as const;

const DONE: Record<AskingStep, string> = {
  resolve: 'qualityIssue.resolved',
  reopen: 'qualityIssue.reopened',
  waive: 'qualityIssue.waived',
  reassign: 'qualityIssue.reassigned',
};

interface StepValues {
  text?: string;
  assigneeId?: number;
}

/**
 * Resolve (the fix, said), reopen (why it is not fixed), waive (why it need not be, with a warning: it no longer
 * blocks archiving) or reassign (to another member who may read the document).
 */
export function IssueStepDialog(props: {
  step: { action: AskingStep; issue: QualityIssue } | null;
  folderId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StepValues>();
  useRevalidateOnLanguage(form);
  // The last step asked for stays shown while the dialog closes, instead of its title turning into another step's.
  const [shown, setShown] = useState(props.step);
  if (props.step && props.step !== shown) setShown(props.step);
  const action = shown?.action ?? 'resolve';
  const reassigning = action === 'reassign';
  const open = props.step !== null;
  const assignees = useIssueAssignees(props.folderId, open && reassigning);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // The server's refusal of the assignee goes under the field; a state already changed by someone else is toasted.
  const run = useIssueStep({ silentError: true });
  const submit = (values: StepValues) => {
    const issue = shown?.issue;
    if (!issue) return;
    const id = issue.id;
    const said = values.text?.trim() ?? '';
    const step =
      action === 'reassign'
        ? { action, id, assigneeId: values.assigneeId as number }
        : action === 'resolve'
          ? { action, id, resolution: said }
          : action === 'reopen'
            ? { action, id, comment: said }
            : { action, id, reason: said };
    run.mutate(step, {
      onSuccess: () => {
        void message.success(t(DONE[action]));
        props.onClose();
      },
      onError: (error) => showServerError(form, error, { quality_issue_assignee: 'assigneeId' }),
    });
  };

  const textField = action === 'reassign' ? null : TEXT_OF[action];
  return (
    <Dialog
      open={open}
      title={t(`qualityIssue.${action}Title`)}
      okText={t(`qualityIssue.${action}`)}
      okButtonProps={{ id: 'quality-step-ok', danger: action === 'waive' }}
      cancelText={t('common.cancel')}
      confirmLoading={run.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      {action === 'waive' ? (
        <Alert type="warning" showIcon message={t('qualityIssue.waiveWarning')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<StepValues> form={form} name="qualityStepForm" layout="vertical" onFinish={submit}>
        {reassigning ? (
          <Form.Item
            name="assigneeId"
            label={t('qualityIssue.field.assignee')}
            htmlFor="quality-step-assignee"
            required
            rules={[requiredRule(t('qualityIssue.field.assignee'))]}
          >
            <Select<number>
              id="quality-step-assignee"
              showSearch
              optionFilterProp="label"
              placeholder={t('qualityIssue.assigneePlaceholder')}
              loading={assignees.isFetching}
              notFoundContent={t('qualityIssue.noAssignees')}
              options={(assignees.data ?? [])
                .filter((u) => u.id !== shown?.issue.assignee.id)
                .map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="text"
            label={textField ? t(textField.label) : ''}
            htmlFor="quality-step-text"
            required
            // The body's own rule: spaces alone are no text, as the server says.
            rules={textField ? [schemaRule(textField.field, textField.schema, textField.label)] : []}
          >
            <Input.TextArea id="quality-step-text" rows={4} showCount maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </Dialog>
  );
}
