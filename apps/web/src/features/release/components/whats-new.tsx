import { Button, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useAcknowledgeReleases, useUnreadReleases } from '../api';
import { Dialog } from '../../../components/dialog';

/**
 * "What's new": after a newer release, shown once to every signed-in user. Closing it acknowledges the
 * releases it showed, so the next sign-in (or the next area) does not show them again.
 */
export function WhatsNew() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const unread = useUnreadReleases(session.userId ?? null, i18n.language, Boolean(session.token));
  const releases = unread.data?.releases ?? [];

  const acknowledge = useAcknowledgeReleases(session.userId ?? null);

  return (
    <Dialog
      open={releases.length > 0}
      title={t('release.whatsNewTitle')}
      onCancel={() => acknowledge.mutate(releases[0].id)}
      footer={
        <Button id="whats-new-ok" type="primary" onClick={() => acknowledge.mutate(releases[0].id)}>
          {t('release.gotIt')}
        </Button>
      }
      width={640}
    >
      <div id="whats-new" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {releases.map((r, index) => (
          <div key={r.id}>
            {index > 0 && <Divider />}
            <Typography.Title level={5}>
              {t('release.whatsNewVersion', { version: r.version, date: r.releasedOn })}
            </Typography.Title>
            {/* Notes come sanitised by the server, like the login-page notice. */}
            <div
              className="release-notes"
              style={{ whiteSpace: 'pre-wrap' }}
              dangerouslySetInnerHTML={{ __html: r.notes }}
            />
          </div>
        ))}
      </div>
    </Dialog>
  );
}
