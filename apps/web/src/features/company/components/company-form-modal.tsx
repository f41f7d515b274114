import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companyBody, type CompanyItem } from '@edoc/contract/company';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { companyKeys, createCompany, updateCompany } from '../api';

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
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CompanyFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      company ? { companyName: company.companyName, description: company.description ?? '' } : { companyName: '' },
    );
  }, [open, company, form]);

  const save = useMutation({
    mutationFn: (values: CompanyFormValues) => {
      const body = { companyName: values.companyName.trim(), description: values.description?.trim() || undefined };
      return company ? updateCompany(company.companyId, body) : createCompany(body);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      void message.success(company ? t('common.saved') : t('company.created'));
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      onClose();
    },
    onError: (error) => showServerError(form, error, { company_name_exists: 'companyName' }),
  });

  return (
    <Modal
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
      <Form<CompanyFormValues> form={form} name="companyForm" layout="vertical" onFinish={(v) => save.mutate(v)}>
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
    </Modal>
  );
}
