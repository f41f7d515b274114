import { useTranslation } from 'react-i18next';
import { CompanyUsersPanel } from '../components/company-users-panel';
import { ResetTotpButton } from '../../totp/components/reset-totp-button';
import { SignInPolicyCard } from '../../totp/components/sign-in-policy-card';
import { ServiceAccountsCard } from '../../api-token/components/service-accounts-card';

/** SPEC §2 /company/user: the company administrator's users, and the company's sign-in policy (issue 29 part 3). */
export function CompanyUserPage() {
  const { t } = useTranslation();
  return (
    <>
      <SignInPolicyCard companyId={null} />
      <ServiceAccountsCard companyId={null} />
      <CompanyUsersPanel
        scope={null}
        title={t('menu.company.user')}
        rowActions={(user) => <ResetTotpButton user={user} companyId={null} />}
      />
    </>
  );
}
