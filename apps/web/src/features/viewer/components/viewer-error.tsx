import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';

/** A refusal or failure, in the server's words when it gave some ('no permission to view this file', …). */
export function ViewerError({ error, message }: { error?: unknown; message?: string }) {
  const { t } = useTranslation();
  const forbidden = isApiError(error) && error.httpStatus === 403;
  const text = message ?? (isApiError(error) ? error.msg : t('viewer.loadFailed'));
  return (
    <div id="viewer-error">
      <Result status={forbidden ? '403' : 'warning'} title={text} />
    </div>
  );
}
