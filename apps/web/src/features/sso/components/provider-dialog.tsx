import { useEffect } from 'react';
import { App, Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@edoc/contract/limits';
import { ssoProviderBody, type SsoProviderBody, type SsoProviderItem } from '@edoc/contract/sso';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { serverFieldIssues, showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useCompanyOptions } from '../../company/api';
import { useSaveSsoProvider } from '../api';
import { DiscoveryTest } from './discovery-test';

type Values = SsoProviderBody;
const shape = ssoProviderBody.shape;
const FIELDS: ReadonlyArray<keyof Values> = [
  'companyId',
  'label',
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'emailClaim',
  'nameClaim',
  'groupsClaim',
];

interface ProviderDialogProps {
  open: boolean;
  /** The provider being changed; undefined sets one up for a company that has none. */
  provider?: SsoProviderItem;
  /** Companies that have a provider already (one each): not offered for a new one. */
  taken: number[];
  onClose: () => void;
}

/**
 * A company's OpenID provider. Saving is the discovery test: the server fetches the issuer's discovery document
 * before it stores anything, and a failure is put under the issuer. The secret is write-only: left empty when
 * changing a provider, the stored one stays.
 */
export function ProviderDialog({ open, provider, taken, onClose }: ProviderDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const companies = useCompanyOptions();
  const save = useSaveSsoProvider({ silentError: true });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      provider
        ? { ...provider, clientSecret: '' }
        : {
            emailClaim: 'email',
            nameClaim: 'name',
            groupsClaim: 'groups',
            jitAccounts: false,
            enabled: true,
            domains: [],
          },
    );
  }, [open, provider, form]);

  const submit = (values: Values) =>
    save.mutate(
      { ...values, clientSecret: values.clientSecret ?? '' },
      {
        onSuccess: () => {
          void message.success(t('sso.discoveryOk'));
          onClose();
        },
        onError: (error) => {
          const issues = serverFieldIssues(error).filter((i) => FIELDS.some((f) => f === i.field));
          if (issues.length) {
            form.setFields(issues.map((i) => ({ name: i.field as keyof Values, errors: [i.message] })));
            return;
          }
          showServerError(form, error, { sso_discovery_failed: 'issuer', not_found: 'companyId' });
        },
      },
    );

  const choices = (companies.data?.data ?? []).filter(
    (c) => c.companyId === provider?.companyId || !taken.includes(c.companyId),
  );
  return (
    <Dialog
      open={open}
      title={provider ? t('sso.editTitle', { company: provider.companyName }) : t('sso.createTitle')}
      okText={t('sso.saveAndTest')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'sso-provider-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      <Form<Values> form={form} name="sso-provider-form" layout="vertical" onFinish={submit}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('sso.redirectHint', { uri: `${location.origin}${API_BASE}/sso/callback` })}
        />
        <Form.Item
          name="companyId"
          htmlFor="sso-company"
          label={t('sso.company')}
          required
          rules={[schemaRule('companyId', shape.companyId)]}
        >
          <Select<number>
            id="sso-company"
            disabled={!!provider}
            showSearch={{ optionFilterProp: 'label' }}
            loading={companies.isFetching}
            options={choices.map((c) => ({ value: c.companyId, label: c.companyName }))}
          />
        </Form.Item>
        <Form.Item
          name="label"
          htmlFor="sso-label"
          label={t('sso.label')}
          extra={t('sso.labelHint')}
          required
          rules={[schemaRule('label', shape.label)]}
        >
          <Input id="sso-label" maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="issuer"
          htmlFor="sso-issuer"
          label={t('sso.issuer')}
          extra={t('sso.issuerHint')}
          required
          rules={[schemaRule('issuer', shape.issuer)]}
        >
          <Input id="sso-issuer" maxLength={512} autoComplete="off" inputMode="url" placeholder="https://" />
        </Form.Item>
        <DiscoveryTest form={form} open={open} />
        <Form.Item
          name="clientId"
          htmlFor="sso-client-id"
          label={t('sso.clientId')}
          required
          rules={[schemaRule('clientId', shape.clientId)]}
        >
          <Input id="sso-client-id" maxLength={256} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          htmlFor="sso-client-secret"
          label={t('sso.clientSecret')}
          extra={provider?.clientSecretSet ? t('sso.clientSecretKept') : t('sso.clientSecretHint')}
          required={!provider}
        >
          <Input.Password id="sso-client-secret" maxLength={512} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="domains"
          htmlFor="sso-domains"
          label={t('sso.domains')}
          extra={t('sso.domainsHint')}
          required
          rules={[schemaRule('domains', shape.domains)]}
        >
          <Select<string[]>
            id="sso-domains"
            mode="tags"
            open={false}
            tokenSeparators={[',', ' ', ';']}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item
          name="emailClaim"
          htmlFor="sso-email-claim"
          label={t('sso.emailClaim')}
          rules={[schemaRule('emailClaim', shape.emailClaim)]}
        >
          <Input id="sso-email-claim" maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nameClaim"
          htmlFor="sso-name-claim"
          label={t('sso.nameClaim')}
          rules={[schemaRule('nameClaim', shape.nameClaim)]}
        >
          <Input id="sso-name-claim" maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="groupsClaim"
          htmlFor="sso-groups-claim"
          label={t('sso.groupsClaim')}
          extra={t('sso.groupsClaimHint')}
          rules={[schemaRule('groupsClaim', shape.groupsClaim)]}
        >
          <Input id="sso-groups-claim" maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="jitAccounts"
          label={t('sso.jit')}
          extra={t('sso.jitHint')}
          valuePropName="checked"
          htmlFor="sso-jit"
        >
          <Switch id="sso-jit" />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('sso.enabled')}
          extra={t('sso.enabledHint')}
          valuePropName="checked"
          htmlFor="sso-enabled"
        >
          <Switch id="sso-enabled" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
