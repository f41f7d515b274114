import { useTranslation } from 'react-i18next';
import { CompanyUsersPanel } from '../components/company-users-panel';
import { PickedCompany } from '../components/picked-company';
import { ResetTotpButton } from '../../totp/components/reset-totp-button';
import { SignInPolicyCard } from '../../totp/components/sign-in-policy-card';
import { ServiceAccountsCard } from '../../api-token/components/service-accounts-card';

/**
 * SPEC §2 /system/company/user: the users of a company the system administrator chooses (?companyId=), and the
 * company's sign-in policy (issue 29 part 3).
 */
export function SystemCompanyUserPage() {
  const { t } = useTranslation();
  return (
    <PickedCompany>
      {/* key: paging and search start afresh for another company. */}
      {(companyId) => (
        <>
          <SignInPolicyCard key={`policy-${companyId}`} companyId={companyId} />
          <ServiceAccountsCard key={`accounts-${companyId}`} companyId={companyId} />
          <CompanyUsersPanel
            key={companyId}
            scope={companyId}
            title={t('menu.system.companyUser')}
            rowActions={(user) => <ResetTotpButton user={user} companyId={companyId} />}
          />
        </>
      )}
    </PickedCompany>
  );
}
