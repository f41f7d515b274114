import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { CAPTCHA_LENGTH } from '@edoc/contract/limits';
import { Button, Flex, Form, Input, type FormInstance } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { digitsInput } from '../lib/form-rules';
import { authRoutes } from '@edoc/contract/auth-routes';
import { call } from '../lib/api-client';
import { useLoad } from '../lib/use-call';

/**
 * A fresh code per form (`scope`) each time it appears: never cached, a code works once. Through lib/use-call: the
 * login and registration frames load without react-query (issue 30).
 */
function useCaptchaQuery(scope: string) {
  return useLoad(`${scope}:captcha`, () => call(authRoutes.captcha, { auth: false }));
}

interface CaptchaImageProps {
  /** The code as the server drew it: a PNG data URL. */
  image: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}

/** The server-drawn code (a PNG) shown as an image; clicking it asks for a new one. */
export function CaptchaImage({ image, loading, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const style = { width: 132, height: 44, borderRadius: 6, border: '1px solid #d9d9d9', cursor: 'pointer' };
  if (!image) {
    return (
      <Button
        id="captcha-refresh"
        style={{ width: 132, height: 44 }}
        // The button's own spinner, not antd's Spin: the login page loads without that one (issue 30).
        loading={loading}
        icon={<ReloadOutlined />}
        onClick={onRefresh}
        aria-label={t('auth.captchaRefresh')}
      />
    );
  }
  return (
    <img
      id="captcha-image"
      src={image}
      alt={t('auth.captchaAlt')}
      title={t('auth.captchaRefresh')}
      role="button"
      tabIndex={0}
      style={{ ...style, opacity: loading ? 0.5 : 1, background: '#fff' }}
      onClick={onRefresh}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onRefresh();
      }}
    />
  );
}

/** A fresh server code for a form; refreshing also empties the form's code box (a code works once). */
export function useCaptcha(form: FormInstance, scope: string) {
  const captcha = useCaptchaQuery(scope);
  const refresh = () => {
    form.setFieldValue('captchaCode', '');
    void captcha.refetch();
  };
  return { id: captcha.data?.id ?? '', image: captcha.data?.image, loading: captcha.isFetching, refresh };
}

/** The code box beside its image, as the login and registration forms show it. */
export function CaptchaField({ captcha, rule }: { captcha: ReturnType<typeof useCaptcha>; rule: FormRule }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.captcha')} required>
      <Flex gap={8} align="start">
        <Form.Item name="captchaCode" noStyle normalize={digitsInput} rules={[rule]}>
          <Input
            name="captchaCode"
            inputMode="numeric"
            prefix={<SafetyOutlined />}
            placeholder={t('auth.captchaPlaceholder')}
            autoComplete="off"
            maxLength={CAPTCHA_LENGTH}
            aria-label={t('auth.captcha')}
          />
        </Form.Item>
        <CaptchaImage image={captcha.image} loading={captcha.loading} onRefresh={captcha.refresh} />
      </Flex>
    </Form.Item>
  );
}
