import { Card, Col, Descriptions, Result, Row, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserType } from '@edoc/contract/enums';
import { useSession } from '../../../lib/session';
import { useUserInfo } from '../api';
import { AvatarUpload } from '../components/avatar-upload';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';
import { HandwritingSetup } from '../components/handwriting-setup';
import { ProjectAlerts } from '../components/project-alerts';
import { TotpTab } from '../../totp/components/totp-tab';
import { ApiTokensTab } from '../../api-token/components/api-tokens-tab';

/** Personal centre of every user type (/system/userCenter, /company/userCenter, /user). */
export function UserCenterPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const { userType } = useSession();

  if (info.isError) return <Result status="warning" title={t('user.loadFailed')} />;

  const profile = (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        <Card title={t('user.profileTitle')} variant="borderless" id="profile-card">
          {info.data ? (
            <Row gutter={24}>
              <Col xs={24} md={6}>
                <AvatarUpload userId={info.data.userId} avatarUrl={info.data.avatarUrl} />
              </Col>
              <Col xs={24} md={18}>
                {/* key: a reload of the data re-seeds the form's initial values */}
                <ProfileForm key={info.dataUpdatedAt} info={info.data} />
              </Col>
            </Row>
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('user.securityTitle')} variant="borderless" id="security-card">
          {info.data && (
            <Descriptions
              size="small"
              column={1}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'email', label: t('user.email'), children: info.data.email },
                ...(info.data.companyName
                  ? [{ key: 'company', label: t('user.company'), children: info.data.companyName }]
                  : []),
              ]}
            />
          )}
          <ChangePasswordForm />
        </Card>
      </Col>
    </Row>
  );

  // The system administrator belongs to no project: no project alerts to receive, no documents to sign (issue 12).
  const inProjects = userType !== UserType.System;
  return (
    <Tabs
      id="user-center-tabs"
      items={[
        { key: 'profile', label: t('userCenter.tabProfile'), children: profile },
        ...(inProjects
          ? [
              { key: 'alerts', label: t('userCenter.tabAlerts'), children: <ProjectAlerts /> },
              { key: 'signature', label: t('userCenter.tabHandwriting'), children: <HandwritingSetup /> },
            ]
          : []),
        { key: 'totp', label: t('totp.tab'), children: <TotpTab /> },
        { key: 'api-tokens', label: t('apiToken.tab'), children: <ApiTokensTab /> },
      ]}
    />
  );
}
