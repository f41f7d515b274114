import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordField } from '@edoc/contract/auth';
import { confirmRule, schemaRule } from '../lib/form-rules';

/** New password plus its confirmation, shared by the forced change, the reset and the personal centre. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('auth.newPassword')}
        extra={t('auth.passwordPolicy')}
        rules={[schemaRule('newPassword', newPasswordField)]}
      >
        <Input.Password name="newPassword" autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={['newPassword']}
        rules={[confirmRule('confirmPassword', 'newPassword')]}
      >
        <Input.Password
          name="confirmPassword"
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
