import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyUserRoutes } from '@edoc/contract/company-routes';
import { ExcelImport } from '../../../components/excel-import';
import { useInvalidateCompanyUsers, type CompanyScope } from '../api';

/** Imports many company users from a workbook; each receives the same one-time password mail as one created by hand. */
export function CompanyUserImport({ scope }: { scope: CompanyScope }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateCompanyUsers();
  return (
    <ExcelImport
      id="company-user-import"
      title={t('companyUserImport.title')}
      importRoute={companyUserRoutes.import}
      sampleRoute={companyUserRoutes.importSample}
      sampleFileName={i18n.language === 'en-US' ? 'company-users-template.xlsx' : '公司用户导入模板.xlsx'}
      query={scope == null ? undefined : { companyId: scope }}
      onImported={() => void invalidate()}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('companyUserImport.help')}
      </Typography.Paragraph>
    </ExcelImport>
  );
}
