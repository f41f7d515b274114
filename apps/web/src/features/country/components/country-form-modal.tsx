import { useEffect, useMemo } from 'react';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryBody, type CountryItem } from '@edoc/contract/country';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveCountry } from '../api';
import { countryDisplayName, ISO_COUNTRY_CODES } from '../iso';

interface CountryFormValues {
  code?: string;
  name: string;
}

interface CountryFormModalProps {
  open: boolean;
  /** The country being edited; undefined creates one. */
  country?: CountryItem;
  onClose: () => void;
}

/** Create or edit a country: the code is chosen from ISO's list (searched by code or name), which fills the name. */
export function CountryFormModal({ open, country, onClose }: CountryFormModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CountryFormValues>();
  useRevalidateOnLanguage(form);
  const lang = i18n.language;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(country ? { code: country.code, name: country.name } : { code: undefined, name: '' });
  }, [open, country, form]);

  const options = useMemo(() => {
    const codes =
      country && !ISO_COUNTRY_CODES.includes(country.code) ? [country.code, ...ISO_COUNTRY_CODES] : ISO_COUNTRY_CODES;
    return codes
      .map((code) => ({ value: code, label: `${code} ${countryDisplayName(code, lang) ?? ''}`.trim() }))
      .sort((a, b) => a.value.localeCompare(b.value));
  }, [country, lang]);

  // The name follows the chosen code (in the page's language); the person may then change it.
  const chooseCode = (code: string) => form.setFieldsValue({ name: countryDisplayName(code, lang) ?? '' });

  // A refusal is shown under its field (a code the project already has), so the query client does not toast it too.
  const save = useSaveCountry({ silentError: true });
  const submit = (values: CountryFormValues) => {
    const body = { code: values.code ?? '', name: values.name.trim() };
    save.mutate(
      { id: country?.id, body },
      {
        onSuccess: () => {
          void message.success(country ? t('common.saved') : t('country.created', { code: body.code }));
          onClose();
        },
        onError: (error) => showServerError(form, error, { country_code_exists: 'code', country_code_invalid: 'code' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={country ? t('country.editTitle') : t('country.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'country-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<CountryFormValues> form={form} name="countryForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="code"
          label={t('country.country')}
          htmlFor="country-code"
          extra={t('country.codeHelp')}
          required
          rules={[schemaRule('code', countryBody.shape.code, 'country.code')]}
        >
          <Select<string>
            id="country-code"
            showSearch
            optionFilterProp="label"
            placeholder={t('country.codePlaceholder')}
            options={options}
            onChange={chooseCode}
            notFoundContent={t('country.noMatch')}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('country.name')}
          htmlFor="country-name"
          required
          rules={[schemaRule('name', countryBody.shape.name, 'country.name')]}
        >
          <Input id="country-name" name="name" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
