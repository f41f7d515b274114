import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleNameIn } from '@edoc/contract/role';
import { showServerError } from '../../../lib/form-errors';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveSignInPolicy, useSignInPolicy } from '../api';

interface PolicyValues {
  totpRequired: boolean;
  totpRoles: string[];
  passwordSignIn: boolean;
}

/**
 * A company's sign-in policy (company_sign_in_policies): a second factor for everyone or for holders of roles chosen
 * from the company's projects (sent as their codes), and password sign-in, which may be switched off only when the
 * company signs in through its own provider — the server says so otherwise, and the switch says why it is locked.
 */
export function SignInPolicyCard({ companyId }: { companyId: number | null }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PolicyValues>();
  useRevalidateOnLanguage(form);
  const policy = useSignInPolicy(companyId);
  const save = useSaveSignInPolicy({ silentError: true });
  const required = Form.useWatch('totpRequired', form);

  useEffect(() => {
    if (policy.data) form.setFieldsValue(policy.data);
  }, [policy.data, form]);

  const submit = (values: PolicyValues) =>
    save.mutate(
      { ...values, companyId: policy.data?.companyId },
      {
        onSuccess: () => void message.success(t('totp.policySaved')),
        onError: (error) =>
          showServerError(form, error, { password_sign_in_needs_sso: 'passwordSignIn', invalid_value: 'totpRoles' }),
      },
    );

  const ssoEnabled = policy.data?.ssoEnabled ?? false;
  return (
    <Card title={t('totp.policyTitle')} variant="borderless" id="sign-in-policy-card" style={{ marginBottom: 16 }}>
      {policy.isError ? (
        <Alert type="warning" showIcon title={t('totp.policyLoadFailed')} />
      ) : !policy.data ? (
        <Skeleton active />
      ) : (
        <Form<PolicyValues>
          form={form}
          name="signInPolicy"
          layout="vertical"
          onFinish={submit}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            name="totpRequired"
            label={t('totp.policyEveryone')}
            valuePropName="checked"
            htmlFor="policy-totp-required"
          >
            <Switch id="policy-totp-required" />
          </Form.Item>
          <Form.Item
            name="totpRoles"
            label={t('totp.policyRoles')}
            htmlFor="policy-totp-roles"
            extra={t('totp.policyRolesHint')}
          >
            {/* Picked from the company's roles, as a typed code could name no role and protect nobody. A code kept
                from before whose roles are gone still shows, as its code, so it can be removed. */}
            <Select
              id="policy-totp-roles"
              mode="multiple"
              disabled={required}
              placeholder={t('totp.policyRolesPlaceholder')}
              optionFilterProp="label"
              options={policy.data.roles.map((role) => ({
                value: role.code,
                label: `${roleNameIn(i18n.language, role.code, role.name)} (${role.code})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="passwordSignIn"
            label={t('totp.policyPassword')}
            valuePropName="checked"
            htmlFor="policy-password-sign-in"
            extra={ssoEnabled ? t('totp.policyPasswordHint') : t('totp.policyPasswordNeedsSso')}
          >
            <Switch id="policy-password-sign-in" />
          </Form.Item>
          <Button id="sign-in-policy-save" type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
