import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeStatus } from '@edoc/contract/enums';
import { useReleasedNotice } from '../api';

/** The active system notice on the login page (SPEC §1/§2), closable for this visit. */
export function SystemNotice() {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  const notice = useReleasedNotice();
  const data = notice.data;
  if (closed || !data || data.noticeStatus !== NoticeStatus.Released || !data.noticeContent) return null;
  return (
    <Alert
      id="system-notice"
      type="info"
      showIcon
      title={data.subject || t('auth.noticeTitle')}
      description={
        // The server sanitises notice HTML when it is saved and again when it is served.
        <div className="notice-html" dangerouslySetInnerHTML={{ __html: data.noticeContent }} />
      }
      closable={{ onClose: () => setClosed(true), 'aria-label': t('common.close') }}
      style={{ marginBottom: 16 }}
    />
  );
}
