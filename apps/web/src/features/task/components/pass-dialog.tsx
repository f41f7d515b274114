import { useState } from 'react';
import { Alert, Button, Form, Input, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer, TaskItem } from '@edoc/contract/workflow-requests';
import { STAGE_RULES, type ESignatureMeaning, type TaskKind } from '@edoc/contract/workflow';
import {
  ESignatureFields,
  eSignatureOf,
  placeSigningRefusal,
  type ESignatureValues,
} from '../../../components/e-signature-fields';
import { useSsoSigning } from '../../sso/api';
import { useSignerFactor } from '../../totp/api';
import { showError } from '../../../lib/feedback';
import { useBatchPass, useSigningOf } from '../api';
import { Dialog } from '../../../components/dialog';

interface PassValues {
  comment?: string;
  signature?: ESignatureValues;
}

type Result = BatchAnswer['results'][number];

const meaningOf = (kind: TaskKind): ESignatureMeaning | undefined =>
  Object.values(STAGE_RULES).find((rule) => rule.task === kind)?.meaning;

/**
 * Passing the selected review, QC and approval tasks at once (POST /file/batch/a). Whether a signature is needed
 * is each document's own (its stage's setting), so the dialog asks every selected document's detail and shows the
 * signing fields only when one of them asks; one signature is checked once and applied to those documents. Their
 * meanings must agree, as a signature states one meaning. The answer is per document: passed, or the reason.
 */
export function PassDialog({
  open,
  tasks,
  onClose,
}: {
  open: boolean;
  tasks: TaskItem[];
  onClose: (passed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PassValues>();
  const [results, setResults] = useState<Result[] | null>(null);
  const pass = useBatchPass();
  const fileIds = tasks.map((task) => task.fileId);
  const signing = useSigningOf(fileIds, open && results === null);

  const toSign = tasks.filter((_task, i) => signing.details[i]?.signing.required);
  const meanings = [...new Set(toSign.map((task) => meaningOf(task.kind)).filter((m) => m !== undefined))];
  const needsEmail = signing.details.some((d) => d?.signing.required && d.signing.needsEmail);
  const ssoSigning = useSsoSigning(open && toSign.length > 0);
  const hasFactor = useSignerFactor(open && toSign.length > 0);
  const blocked = signing.pending || !!signing.error || meanings.length > 1;

  const close = () => {
    const passed = results !== null;
    setResults(null);
    form.resetFields();
    pass.reset();
    onClose(passed);
  };

  const submit = (values: PassValues) =>
    pass.mutate(
      {
        fileIds,
        comment: values.comment?.trim() || undefined,
        signature: toSign.length > 0 && values.signature ? eSignatureOf(values.signature) : undefined,
      },
      {
        onSuccess: (answer) => setResults(answer.results),
        onError: (error) => {
          // A wrong password, code or proof belongs under its field, where it is given again (a spent proof dropped).
          if (!placeSigningRefusal(form, error)) showError(error);
        },
      },
    );

  const nameOf = (fileId: number) => tasks.find((task) => task.fileId === fileId)?.fileName ?? String(fileId);

  if (results) {
    const ok = results.filter((r) => r.ok).length;
    return (
      <Dialog
        open={open}
        title={t('task.pass.resultTitle')}
        onCancel={close}
        footer={
          // The results replace the form and its OK button, which had the focus: Close takes it.
          <Button id="task-pass-close" type="primary" autoFocus onClick={close}>
            {t('common.close')}
          </Button>
        }
        width={640}
      >
        <Typography.Paragraph id="task-pass-summary">
          {t('task.pass.summary', { ok, failed: results.length - ok })}
        </Typography.Paragraph>
        <Table<Result>
          id="task-pass-results"
          rowKey="fileId"
          size="small"
          pagination={false}
          dataSource={results}
          columns={[
            { title: t('task.pass.document'), key: 'name', render: (_: unknown, r) => nameOf(r.fileId) },
            {
              title: t('task.pass.result'),
              key: 'result',
              render: (_: unknown, r) =>
                r.ok ? (
                  <Tag color="success">{t('task.pass.done')}</Tag>
                ) : (
                  <Typography.Text type="danger">{r.msg ?? r.errorCode}</Typography.Text>
                ),
            },
          ]}
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      title={t('task.pass.title', { count: tasks.length })}
      onCancel={close}
      okText={t('task.pass.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'task-pass-ok', disabled: blocked, loading: pass.isPending }}
      onOk={() => form.submit()}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('task.pass.intro')}</Typography.Paragraph>
      <ul id="task-pass-documents" style={{ maxHeight: 140, overflowY: 'auto', marginTop: 0, paddingInlineStart: 20 }}>
        {tasks.map((task) => (
          <li key={task.taskId}>
            {task.fileName} <Typography.Text type="secondary">({t(`task.kind.${task.kind}`)})</Typography.Text>
          </li>
        ))}
      </ul>
      <Form<PassValues> form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="comment" label={t('task.pass.comment')}>
          <Input.TextArea name="comment" rows={3} maxLength={1000} showCount />
        </Form.Item>
        {signing.pending ? (
          <Spin size="small">
            <Alert type="info" message={t('task.pass.checking')} />
          </Spin>
        ) : signing.error ? (
          <Alert type="error" showIcon message={t('task.pass.checkFailed')} />
        ) : meanings.length > 1 ? (
          <Alert id="task-pass-mixed" type="warning" showIcon message={t('task.pass.mixedMeanings')} />
        ) : toSign.length > 0 && meanings[0] ? (
          <>
            <Typography.Paragraph id="task-pass-sign-needed">
              {t('task.pass.signNeeded', { count: toSign.length, total: tasks.length })}
            </Typography.Paragraph>
            <ESignatureFields meaning={meanings[0]} needsEmail={needsEmail} sso={ssoSigning} totp={hasFactor} />
          </>
        ) : (
          <Typography.Paragraph id="task-pass-no-sign" type="secondary">
            {t('task.pass.noSign')}
          </Typography.Paragraph>
        )}
      </Form>
    </Dialog>
  );
}
