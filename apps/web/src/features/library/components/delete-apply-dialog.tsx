import { useEffect } from 'react';
import { App, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteApplyBody, type DeletionApprovers } from '@edoc/contract/library';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useApplyDelete, useDeletionApprovers } from '../api';
import { Dialog } from '../../../components/dialog';

interface ApplyValues {
  approverId?: number;
  reason: string;
}

/** The document applied for: a library row or the viewer's document. Kept in state by the caller (the form resets
 * when it changes). */
export interface DeleteTarget {
  fileId: number;
  name: string;
}

/**
 * Deleting an archived document is an application (6 → 9): a reason and another member who approves it. The
 * document leaves the library only when that member approves.
 */
export function DeleteApplyDialog({
  row,
  onClose,
  afterClose,
}: {
  row: DeleteTarget | null;
  onClose: () => void;
  /** After the closing animation: where the focus goes back to (the menu the action was chosen in). */
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ApplyValues>();
  useRevalidateOnLanguage(form);
  const approvers = useDeletionApprovers(row?.fileId ?? null);

  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue({ approverId: undefined, reason: '' });
  }, [row, form]);

  const apply = useApplyDelete({ silentError: true });
  const submit = (values: ApplyValues) =>
    apply.mutate(
      { fileId: row!.fileId, approverId: values.approverId!, reason: values.reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('library.applied'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { deletion_approver_invalid: 'approverId' }),
      },
    );

  return (
    <Dialog
      open={row !== null}
      title={row ? t('library.applyTitle', { name: row.name }) : ''}
      okText={t('library.action.applyDelete')}
      okButtonProps={{ id: 'library-apply-ok', danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={apply.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('library.applyText')}</Typography.Paragraph>
      <Form<ApplyValues> form={form} name="libraryDeleteApply" layout="vertical" onFinish={submit}>
        <Form.Item
          htmlFor="library-apply-approver"
          name="approverId"
          label={t('library.field.approver')}
          required
          rules={[schemaRule('approverId', deleteApplyBody.shape.approverId, 'library.field.approver')]}
          extra={<ApproverRule others={approvers.data?.others ?? []} />}
        >
          <Select<number>
            id="library-apply-approver"
            showSearch
            optionFilterProp="label"
            loading={approvers.isFetching}
            notFoundContent={approvers.isFetching ? undefined : t('library.noApprovers')}
            options={(approvers.data?.approvers ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
          />
        </Form.Item>
        <Form.Item
          htmlFor="library-apply-reason"
          name="reason"
          label={t('library.field.reason')}
          required
          rules={[schemaRule('reason', deleteApplyBody.shape.reason, 'library.field.reason')]}
        >
          <Input.TextArea id="library-apply-reason" rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}

/** Who can approve, and the members left out with why (the server's one rule, DELETION_APPROVER_REFUSALS). */
function ApproverRule({ others }: { others: DeletionApprovers['others'] }) {
  const { t } = useTranslation();
  return (
    <div id="library-apply-approver-rule">
      <div>{t('library.approverRule')}</div>
      {others.length ? (
        <div id="library-apply-not-offered">
          {t('library.notOffered', {
            people: others
              .map((p) =>
                t('library.notOfferedPerson', { name: p.name, reason: t(`library.notOfferedReason.${p.reason}`) }),
              )
              .join(t('library.listSeparator')),
          })}
        </div>
      ) : null}
    </div>
  );
}
