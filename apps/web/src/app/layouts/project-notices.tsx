import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserType } from '@edoc/contract/enums';
import { useSession } from '../../lib/session';

/** In the header of an inspector's session: how long the access lasts (issue 11). */
export function InspectionTag() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.userType !== UserType.Project || !session.inspector) return null;
  return (
    <Tag id="inspection-until" color="purple" style={{ whiteSpace: 'nowrap' }}>
      {t('area.inspectionUntil', { date: session.inspector.endsOn })}
    </Tag>
  );
}

/**
 * Under the header of a closed project: members still read everything, and the server refuses every change. Most
 * change buttons are gone already (the folder rights come without their change keys); this says why.
 */
export function ClosedBanner() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.userType !== UserType.Project || !session.closed) return null;
  return <Alert id="project-closed-banner" type="warning" banner showIcon title={t('area.closedBanner')} />;
}
