import { useEffect } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { tmfModelBody } from '@edoc/contract/tmf-model';
import { Dialog } from '../../../components/dialog';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';

export interface ModelNameValues {
  name: string;
  source?: string;
}

interface ModelNameDialogProps {
  open: boolean;
  title: string;
  /** Stable id prefix: the OK button is `#<id>-ok`. */
  id: string;
  initial?: ModelNameValues;
  saving?: boolean;
  /** Receives the trimmed values and the form, to put a server refusal under its field. */
  onSubmit: (values: ModelNameValues, form: FormInstance<ModelNameValues>) => void;
  onClose: () => void;
}

/** A model's name and source: a new model starts from them; a draft's are changed with them. */
export function ModelNameDialog({ open, title, id, initial, saving, onSubmit, onClose }: ModelNameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelNameValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial ?? { name: '', source: '' });
  }, [open, initial, form]);

  return (
    <Dialog
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: `${id}-ok` }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<ModelNameValues>
        form={form}
        name={`${id}-form`}
        layout="vertical"
        onFinish={(v) => onSubmit({ name: v.name.trim(), source: v.source?.trim() || undefined }, form)}
      >
        <Form.Item
          name="name"
          label={t('tmfModel.name')}
          required
          rules={[schemaRule('name', tmfModelBody.shape.name, 'tmfModel.name')]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('tmfModel.source')}
          extra={t('tmfModel.sourceHint')}
          rules={[schemaRule('source', tmfModelBody.shape.source, 'tmfModel.source')]}
        >
          <Input maxLength={256} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
