import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { tmfZoneInput } from '@edoc/contract/tmf-model';
import { Dialog } from '../../../components/dialog';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import type { NodeFields } from './model-draft';
import { NumberField } from './number-field';

export interface NodeDialogState {
  kind: 'zone' | 'section';
  /** The zone's number, for a section. */
  parent?: string;
  /** The row being edited; none adds one. */
  editing?: NodeFields;
}

interface NodeDialogProps {
  state: NodeDialogState | null;
  taken: Set<string>;
  onSubmit: (fields: NodeFields) => void;
  onClose: () => void;
}

/** Adds or edits a zone or a section: its number and its names; it changes the draft, which Save then sends. */
export function NodeDialog({ state, taken, onSubmit, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NodeFields>();
  useRevalidateOnLanguage(form);
  const kind = state?.kind ?? 'zone';

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    // A new section starts with its zone's number and the dot, as the rule beside the field says.
    form.setFieldsValue(state.editing ?? { number: state.parent ? `${state.parent}.` : '', nameEn: '', nameZh: '' });
  }, [state, form]);

  const title = t(state?.editing ? `tmfModel.edit.${kind}` : `tmfModel.addTitle.${kind}`);
  return (
    <Dialog
      open={state !== null}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'tmf-node-ok' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<NodeFields>
        form={form}
        name="tmfNodeForm"
        layout="vertical"
        onFinish={(values) => {
          onSubmit({
            number: values.number.trim(),
            nameEn: values.nameEn.trim(),
            nameZh: values.nameZh?.trim() || undefined,
          });
          onClose();
        }}
      >
        <NumberField parent={state?.parent} taken={taken} labelKey="tmfModel.number" />
        <Form.Item
          name="nameEn"
          label={t('tmfModel.nameEn')}
          required
          rules={[schemaRule('nameEn', tmfZoneInput.shape.nameEn, 'tmfModel.nameEn')]}
        >
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item
          name="nameZh"
          label={t('tmfModel.nameZh')}
          rules={[schemaRule('nameZh', tmfZoneInput.shape.nameZh, 'tmfModel.nameZh')]}
        >
          <Input maxLength={256} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
