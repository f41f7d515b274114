import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The foot of the signed-in pages: the accessibility statement (issue 31), reachable from every page. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '8px 24px 16px' }}>
      <Link to={paths.accessibility} id="accessibility-link">
        {t('accessibility.link')}
      </Link>
    </Layout.Footer>
  );
}
