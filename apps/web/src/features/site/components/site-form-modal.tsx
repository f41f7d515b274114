import { useEffect } from 'react';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteBody, type SiteItem } from '@edoc/contract/site';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useCountries } from '../../country/api';
import { useSaveSite } from '../api';
import { Dialog } from '../../../components/dialog';

interface SiteFormValues {
  name: string;
  shortName?: string;
  code: string;
  countryId?: number | null;
}

interface SiteFormModalProps {
  open: boolean;
  /** The site being edited; undefined creates one. */
  site?: SiteItem;
  onClose: () => void;
}

export function SiteFormModal({ open, site, onClose }: SiteFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SiteFormValues>();
  useRevalidateOnLanguage(form);
  const countries = useCountries({ enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      site
        ? { name: site.name, shortName: site.shortName ?? '', code: site.code, countryId: site.countryId ?? undefined }
        : { name: '', code: '', countryId: undefined },
    );
  }, [open, site, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveSite({ silentError: true });
  const submit = (values: SiteFormValues) => {
    const body = {
      name: values.name.trim(),
      shortName: values.shortName?.trim() || undefined,
      code: values.code.trim(),
      // Sent when chosen, or null when the site's country is cleared; else left out (no country, none chosen).
      ...(values.countryId != null
        ? { countryId: values.countryId }
        : site?.countryId != null
          ? { countryId: null }
          : {}),
    };
    save.mutate(
      { siteId: site?.siteId, body },
      {
        onSuccess: () => {
          void message.success(site ? t('common.saved') : t('site.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { site_code_exists: 'code' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={site ? t('site.editTitle') : t('site.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'site-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<SiteFormValues> form={form} name="siteForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('site.name')}
          required
          rules={[schemaRule('name', siteBody.shape.name, 'site.name')]}
        >
          <Input name="name" autoFocus />
        </Form.Item>
        <Form.Item
          name="shortName"
          label={t('site.shortName')}
          rules={[schemaRule('shortName', siteBody.shape.shortName, 'site.shortName')]}
        >
          <Input name="shortName" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('site.code')}
          required
          rules={[schemaRule('code', siteBody.shape.code, 'site.code')]}
        >
          <Input name="code" />
        </Form.Item>
        <Form.Item name="countryId" label={t('country.field')} htmlFor="site-country">
          <Select<number | null>
            id="site-country"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('country.none')}
            loading={countries.isFetching}
            notFoundContent={t('site.noCountries')}
            options={(countries.data ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
