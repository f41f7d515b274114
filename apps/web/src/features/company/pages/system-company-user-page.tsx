import { useTranslation } from 'react-i18next';
import { PickedCompany } from '../components/picked-company';
import { CompanyUserTabs } from './company-user-tabs';

/**
 * SPEC §2 /system/company/user: the users of a company the system administrator chooses (?companyId=), with the
 * company's sign-in policy (issue 29 part 3) and service accounts (part 4) in tabs beside them.
 */
export function SystemCompanyUserPage() {
  const { t } = useTranslation();
  return (
    <PickedCompany>
      {/* key: paging, search and the policy's form start afresh for another company. */}
      {(companyId) => <CompanyUserTabs key={companyId} companyId={companyId} title={t('menu.system.companyUser')} />}
    </PickedCompany>
  );
}
