import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const encoder = new TextEncoder();

/** "1234 / 4000 bytes" under a text box whose limit is in UTF-8 bytes (announcements, board posts), red past it. */
export function ByteCount({ value, max }: { value: string | undefined; max: number }) {
  const { t } = useTranslation();
  const bytes = encoder.encode(value ?? '').length;
  return (
    <Typography.Text type={bytes > max ? 'danger' : 'secondary'}>{t('common.bytes', { bytes, max })}</Typography.Text>
  );
}
