import { useTranslation } from 'react-i18next';
import { CompanyUserTabs } from './company-user-tabs';

/**
 * SPEC §2 /company/user: the company administrator's users, with the company's sign-in policy (issue 29 part 3) and
 * service accounts (part 4) in tabs beside them.
 */
export function CompanyUserPage() {
  const { t } = useTranslation();
  return <CompanyUserTabs companyId={null} title={t('menu.company.user')} />;
}
