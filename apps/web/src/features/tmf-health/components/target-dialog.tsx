import { useEffect } from 'react';
import { App, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { TMF_TARGET_DAYS_MAX, TMF_TARGET_UNITS, tmfTargetBody, type TmfTarget } from '@edoc/contract/tmf-health';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSetTmfTarget } from '../api';

interface TargetDialogProps {
  open: boolean;
  target: TmfTarget;
  onClose: () => void;
}

/** The project administrator sets how soon after its document date a document should be filed. */
export function TargetDialog({ open, target, onClose }: TargetDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TmfTarget>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(target);
  }, [open, target, form]);

  // The form checks what the server checks; a refusal (a closed project) is the query client's toast.
  const save = useSetTmfTarget();
  const submit = (values: TmfTarget) =>
    save.mutate(values, {
      onSuccess: () => {
        void message.success(t('tmfHealth.target.saved'));
        onClose();
      },
    });

  return (
    <Dialog
      open={open}
      title={t('tmfHealth.target.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'tmf-target-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<TmfTarget> form={form} name="tmfTargetForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="days"
          label={t('tmfHealth.target.days')}
          htmlFor="tmf-target-days"
          extra={t('tmfHealth.target.daysHelp', { max: TMF_TARGET_DAYS_MAX })}
          required
          rules={[schemaRule('days', tmfTargetBody.shape.days, 'tmfHealth.target.days')]}
        >
          <InputNumber id="tmf-target-days" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="unit" label={t('tmfHealth.target.unit')} extra={t('tmfHealth.target.workingHelp')} required>
          <Radio.Group
            aria-label={t('tmfHealth.target.unit')}
            options={TMF_TARGET_UNITS.map((u) => ({ value: u, label: t(`tmfHealth.unit.${u}`) }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
