import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { expectedNotApplicableBody, type ExpectedItem } from '@edoc/contract/expected';
import { Dialog } from '../../../components/dialog';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useMarkNotApplicable } from '../api';
import { artifactLabel, placeLabel } from '../labels';

/** Marks an item not applicable: the reason is required, since an inspector asks why a document is missing. */
export function NotApplicableDialog({ item, onClose }: { item: ExpectedItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  useRevalidateOnLanguage(form);
  const mark = useMarkNotApplicable();
  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);

  const submit = ({ reason }: { reason: string }) =>
    item &&
    mark.mutate(
      { id: item.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('expected.markedNotApplicable', { name: artifactLabel(item, i18n.language) }));
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={item !== null}
      title={t('expected.notApplicableTitle')}
      okText={t('expected.markNotApplicable')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'expected-na-ok' }}
      confirmLoading={mark.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {item ? (
        <p id="expected-na-item">
          {artifactLabel(item, i18n.language)} · {placeLabel(item, t)}
        </p>
      ) : null}
      <Form<{ reason: string }> form={form} name="expectedNotApplicable" layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('expected.reason')}
          htmlFor="expected-na-reason"
          required
          rules={[schemaRule('reason', expectedNotApplicableBody.shape.reason, 'expected.reason')]}
        >
          <Input.TextArea id="expected-na-reason" rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
