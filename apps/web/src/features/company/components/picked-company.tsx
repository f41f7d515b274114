import type { ReactNode } from 'react';
import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdParam } from '../../../lib/use-id-param';
import { CompanyPicker } from './company-picker';

/**
 * The system administrator's company pages: a company picker kept in the address (?companyId=, so the back
 * button returns to the previous choice), then the page of the chosen company, or a prompt to choose one.
 */
export function PickedCompany({ children }: { children: (companyId: number) => ReactNode }) {
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
        children(companyId)
      )}
    </Flex>
  );
}
