import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../../lib/use-tab-param';
import { ResetTotpButton } from '../../totp/components/reset-totp-button';
import { SignInPolicyCard } from '../../totp/components/sign-in-policy-card';
import { ServiceAccountsCard } from '../../api-token/components/service-accounts-card';
import { CompanyUsersPanel } from '../components/company-users-panel';

const TABS = ['users', 'policy', 'service-accounts'] as const;

/**
 * A company's user administration in tabs, the users first: they are what the administrator comes for, and the
 * sign-in policy and service accounts above them pushed the list below the fold (issue 29). companyId null: the
 * company administrator's own company; else the one the system administrator picked.
 */
export function CompanyUserTabs({ companyId, title }: { companyId: number | null; title: string }) {
  const { t } = useTranslation();
  const [tab, openTab] = useTabParam(TABS);
  return (
    <Tabs
      id="company-user-tabs"
      activeKey={tab}
      onChange={openTab}
      items={[
        {
          key: 'users',
          label: t('companyUserPage.tabUsers'),
          children: (
            <CompanyUsersPanel
              scope={companyId}
              title={title}
              // Only a confirmed factor can be reset (the server refuses the others), so only those offer it.
              rowActions={(user) => user.totpEnabled && <ResetTotpButton user={user} companyId={companyId} />}
            />
          ),
        },
        { key: 'policy', label: t('totp.policyTitle'), children: <SignInPolicyCard companyId={companyId} /> },
        {
          key: 'service-accounts',
          label: t('serviceAccount.title'),
          children: <ServiceAccountsCard companyId={companyId} />,
        },
      ]}
    />
  );
}
