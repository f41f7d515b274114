import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdParam } from '../../../lib/use-id-param';
import { CompanyPicker } from '../components/company-picker';
import { CompanyUsersPanel } from '../components/company-users-panel';

/** SPEC §2 /system/company/user: the users of a company the system administrator chooses (?companyId=). */
export function SystemCompanyUserPage() {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useIdParam('companyId');
  return (
    <Flex vertical gap={24}>
      <Card variant="borderless" size="small">
        <Flex align="center" gap={12} wrap>
          <span>{t('company.pickLabel')}</span>
          <CompanyPicker value={companyId} onChange={setCompanyId} />
        </Flex>
      </Card>
      {companyId == null ? (
        <Card variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.pickFirst')} />
        </Card>
      ) : (
        // key: paging and search start afresh for another company.
        <CompanyUsersPanel key={companyId} scope={companyId} title={t('menu.system.companyUser')} />
      )}
    </Flex>
  );
}
