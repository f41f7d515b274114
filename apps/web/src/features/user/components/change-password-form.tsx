import { App, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordInput } from '@edoc/contract/fields';
import { paths } from '../../../config/paths';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { stopIdle } from '../../../lib/idle-timer';
import { clearSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useModifyPassword } from '../../auth/api';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface ChangePasswordValues {
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/** Own password change. The server revokes the account's tokens, so success means signing in again. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangePasswordValues>();
  useRevalidateOnLanguage(form);

  const change = useModifyPassword(true, { silentError: true });
  const submit = ({ password, newPassword }: ChangePasswordValues) =>
    change.mutate(
      { password, newPassword },
      {
        onSuccess: () => {
          void message.success(t('user.passwordChangedRelogin'));
          clearSession();
          stopIdle();
          queryClient.clear();
          void navigate(paths.login, { replace: true });
        },
        // A wrong current password stays on this page, under its field; the session lives on.
        onError: (error) => showServerError(form, error, { wrong_password: 'password' }),
      },
    );

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="changePassword"
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={submit}
    >
      <Form.Item name="password" label={t('auth.currentPassword')} rules={[schemaRule('password', passwordInput)]}>
        <Input.Password name="password" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button id="change-password-submit" type="primary" htmlType="submit" loading={change.isPending}>
        {t('auth.changePassword')}
      </Button>
    </Form>
  );
}
