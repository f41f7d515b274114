import { useTranslation } from 'react-i18next';
import { CodePanel } from '../components/code-panel';
import { CodeTypePanel } from '../components/code-type-panel';

/** /company/template/encode: the company's code dictionary. */
export function CompanyCodePage() {
  const { t } = useTranslation();
  return <CodePanel scope="company" title={t('menu.company.templateEncode')} />;
}

/** /company/template/codeType: the company's code types. */
export function CompanyCodeTypePage() {
  const { t } = useTranslation();
  return <CodeTypePanel scope="company" title={t('menu.company.templateCodeType')} />;
}

/** /manage/encode: the company's codes (read-only) and the project's own. */
export function ProjectCodePage() {
  const { t } = useTranslation();
  return <CodePanel scope="project" title={t('menu.project.manageEncode')} />;
}

/** /manage/codeType: the company's code types (read-only) and the project's own. */
export function ProjectCodeTypePage() {
  const { t } = useTranslation();
  return <CodeTypePanel scope="project" title={t('menu.project.manageCodeType')} />;
}
