import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyBody, type CompanyItem } from '@edoc/contract/company';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveCompany } from '../api';
import { Dialog } from '../../../components/dialog';

interface CompanyFormValues {
  companyName: string;
  description?: string;
}

interface CompanyFormModalProps {
  open: boolean;
  /** The company being edited; undefined creates one. */
  company?: CompanyItem;
  onClose: () => void;
}

export function CompanyFormModal({ open, company, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      company ? { companyName: company.companyName, description: company.description ?? '' } : { companyName: '' },
    );
  }, [open, company, form]);

  const save = useSaveCompany({ silentError: true });
  const submit = (values: CompanyFormValues) => {
    const body = { companyName: values.companyName.trim(), description: values.description?.trim() || undefined };
    save.mutate(
      { companyId: company?.companyId, body },
      {
        onSuccess: () => {
          void message.success(company ? t('common.saved') : t('company.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { company_name_exists: 'companyName' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={company ? t('company.editTitle') : t('company.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'company-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<CompanyFormValues> form={form} name="companyForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="companyName"
          label={t('fields.companyName')}
          required
          rules={[schemaRule('companyName', companyBody.shape.companyName)]}
        >
          <Input name="companyName" autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[schemaRule('description', companyBody.shape.description)]}
        >
          <Input.TextArea name="description" rows={4} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
