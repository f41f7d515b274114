import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAGE_RULES, type Stage } from '@edoc/contract/workflow';
import {
  ESignatureFields,
  eSignatureOf,
  placeSigningRefusal,
  type ESignatureValues,
} from '../../../components/e-signature-fields';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import { fieldMessage } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useDocumentAction } from '../api';
import { Dialog } from '../../../components/dialog';
import { useSsoSigning } from '../../sso/api';
import { useSignerFactor } from '../../totp/api';

interface DecisionValues {
  comment?: string;
  signature?: ESignatureValues;
}

export interface DecisionDialogProps {
  fileId: number;
  /** The open stage (the document's status, 3–5): its meaning is the signature's. */
  stage: Stage;
  /** Which decision, or null while closed. */
  decision: 'pass' | 'reject' | null;
  signing: { required: boolean; needsEmail: boolean };
  onClose: () => void;
}

/**
 * Pass or reject the open stage. A rejection needs its reason; a pass takes an optional comment. Where the stage
 * asks for a signature, the Part 11 fields come with it (the meaning is the stage's, never chosen).
 */
export function DecisionDialog({ fileId, stage, decision, signing, onClose }: DecisionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DecisionValues>();
  useRevalidateOnLanguage(form);
  const act = useDocumentAction(fileId, { silentError: true });
  const reject = decision === 'reject';
  // Only a pass is signed (the server signs passes of a signing stage); a rejection is recorded with its reason.
  const signs = signing.required && !reject;
  const ssoSigning = useSsoSigning(signs);
  const hasFactor = useSignerFactor(signs);

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const submit = (values: DecisionValues) => {
    const comment = values.comment?.trim() || undefined;
    act.mutate(
      {
        kind: 'decide',
        pass: !reject,
        comment,
        signature: signs && values.signature ? eSignatureOf(values.signature) : undefined,
      },
      {
        onSuccess: () => {
          void message.success(t(reject ? 'workflow.done.reject' : 'workflow.done.pass'));
          onClose();
        },
        onError: (error) => {
          // A wrong password, code or proof is corrected in place (a spent proof dropped); anything else is shown,
          // and a 409 (someone acted first) closes the dialog on the refreshed document.
          if (placeSigningRefusal(form, error)) return;
          showError(error);
          if (isApiError(error) && error.httpStatus === 409) onClose();
        },
      },
    );
  };

  const stageName = t(`workflow.stage.${stage}`);
  return (
    <Dialog
      open={decision !== null}
      title={t(reject ? 'workflow.decide.rejectTitle' : 'workflow.decide.passTitle', { stage: stageName })}
      okText={t(reject ? 'workflow.action.reject' : 'workflow.action.pass')}
      okButtonProps={{ id: 'workflow-decide-ok', danger: reject }}
      cancelText={t('common.cancel')}
      confirmLoading={act.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      destroyOnHidden
    >
      <Form<DecisionValues> form={form} name="decisionForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="comment"
          htmlFor="workflow-decide-comment"
          label={t(reject ? 'workflow.decide.reason' : 'workflow.decide.comment')}
          required={reject}
          rules={[
            { max: 1000, message: t('workflow.decide.tooLong') },
            ...(reject ? [{ required: true, whitespace: true, message: fieldMessage('required', 'reason') }] : []),
          ]}
        >
          <Input.TextArea id="workflow-decide-comment" rows={4} maxLength={1000} showCount />
        </Form.Item>
        {signs ? (
          <ESignatureFields
            meaning={STAGE_RULES[stage].meaning}
            needsEmail={signing.needsEmail}
            sso={ssoSigning}
            totp={hasFactor}
          />
        ) : null}
      </Form>
    </Dialog>
  );
}
