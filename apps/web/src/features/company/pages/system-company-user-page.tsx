import { useTranslation } from 'react-i18next';
import { CompanyUsersPanel } from '../components/company-users-panel';
import { PickedCompany } from '../components/picked-company';

/** SPEC §2 /system/company/user: the users of a company the system administrator chooses (?companyId=). */
export function SystemCompanyUserPage() {
  const { t } = useTranslation();
  return (
    <PickedCompany>
      {/* key: paging and search start afresh for another company. */}
      {(companyId) => <CompanyUsersPanel key={companyId} scope={companyId} title={t('menu.system.companyUser')} />}
    </PickedCompany>
  );
}
