import { useTranslation } from 'react-i18next';
import { CompanyUsersPanel } from '../components/company-users-panel';

/** SPEC §2 /company/user: the company administrator's users. */
export function CompanyUserPage() {
  const { t } = useTranslation();
  return <CompanyUsersPanel scope={null} title={t('menu.company.user')} />;
}
