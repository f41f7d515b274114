import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

interface CaptchaImageProps {
  svg: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}

/** The server-drawn code (SVG markup) shown as an image; clicking it asks for a new one. */
export function CaptchaImage({ svg, loading, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const style = { width: 112, height: 40, borderRadius: 6, border: '1px solid #d9d9d9', cursor: 'pointer' };
  if (!svg) {
    return (
      <Button
        id="captcha-refresh"
        style={{ width: 112, height: 40 }}
        icon={loading ? <Spin size="small" /> : <ReloadOutlined />}
        onClick={onRefresh}
        aria-label={t('auth.captchaRefresh')}
      />
    );
  }
  return (
    <img
      id="captcha-image"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
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
