import { useEffect } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../lib/form-errors';
import { useRevalidateOnLanguage } from '../lib/use-revalidate-on-language';
import { Dialog } from './dialog';
import { EnterSubmits } from './enter-submits';

/** The refusals of a rename that concern the name itself: shown under the field, where it is corrected. */
const NAME_ERRORS = { duplicate_file_name: 'name', no_change: 'name' } as const;

/**
 * Asks for a new name, prefilled with the current one (a workspace document's or a library record's). `rules` check
 * it as the user types, worded as the server would; `save` is the call, and a refusal about the name is shown under
 * the field (any other the usual way). Cancel closes; `afterClose` may put the focus back where the action began.
 */
export function NameDialog(props: {
  open: boolean;
  title: string;
  name: string;
  label: string;
  rules: FormRule[];
  formName: string;
  okId: string;
  pending: boolean;
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);
  const { open, name, onClose, save } = props;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name });
  }, [open, name, form]);

  const submit = (value: string) =>
    save(value).then(onClose, (error: unknown) => showServerError(form, error, NAME_ERRORS));

  return (
    <Dialog
      open={open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: props.okId }}
      confirmLoading={props.pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={props.afterClose}
      forceRender
    >
      <Form form={form} name={props.formName} layout="vertical" onFinish={(v) => void submit(v.name.trim())}>
        <Form.Item name="name" label={props.label} required validateDebounce={300} rules={props.rules}>
          <Input />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
