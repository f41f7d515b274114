import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { customReportBody, type ReportDefinition } from '@edoc/contract/custom-report';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useRecipients, useSaveReport } from '../api';
import { Dialog } from '../../../components/dialog';

export interface SaveValues {
  name: string;
  shared: boolean;
  mailTo: number[];
}

interface Props {
  open: boolean;
  /** The report being edited (its id and current values), or none for a new one. */
  id?: number;
  initial: SaveValues;
  definition: ReportDefinition;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** Name, sharing and the weekly mail of the report being built. */
export function SaveDialog({ open, id, initial, definition, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SaveValues>();
  useRevalidateOnLanguage(form);
  const recipients = useRecipients(open);
  const save = useSaveReport();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial);
  }, [open, initial, form]);

  const submit = (values: SaveValues) =>
    save.mutate(
      { id, body: { name: values.name.trim(), shared: values.shared, mailTo: values.mailTo ?? [], definition } },
      {
        onSuccess: (savedId) => onSaved(savedId),
        onError: (error) =>
          showServerError(form, error, { custom_report_name_exists: 'name', not_project_member: 'mailTo' }),
      },
    );

  return (
    <Dialog
      open={open}
      title={id ? t('customReport.save.editTitle') : t('customReport.save.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'custom-report-save-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<SaveValues> form={form} name="customReportSave" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('customReport.save.name')}
          required
          rules={[schemaRule('name', customReportBody.shape.name, 'customReport.save.name')]}
        >
          <Input name="name" autoFocus maxLength={64} />
        </Form.Item>
        <Form.Item
          htmlFor="custom-report-shared"
          name="shared"
          label={t('customReport.save.shared')}
          valuePropName="checked"
          extra={t('customReport.save.sharedHelp')}
        >
          <Switch id="custom-report-shared" />
        </Form.Item>
        <Form.Item
          htmlFor="custom-report-mail-to"
          name="mailTo"
          label={t('customReport.save.mailTo')}
          extra={t('customReport.save.mailToHelp')}
        >
          <Select
            id="custom-report-mail-to"
            mode="multiple"
            allowClear
            loading={recipients.isFetching}
            optionFilterProp="label"
            options={(recipients.data ?? []).map((r) => ({ value: r.id, label: `${r.name} <${r.email}>` }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
