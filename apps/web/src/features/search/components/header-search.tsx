import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePrefetchSearch } from '../api';

/** The project's search box in the header (issue 13): Enter opens the results page for the words typed. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const prefetch = usePrefetchSearch();
  // On the results page the box shows what was searched; elsewhere it starts empty.
  const current = pathname === paths.project.search ? (params.get('q') ?? '') : '';
  return (
    <Input.Search
      key={current}
      id="header-search"
      defaultValue={current}
      allowClear
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      style={{ width: 320 }}
      onSearch={(q) => {
        const words = q.trim();
        if (!words) return;
        prefetch(words);
        void navigate(`${paths.project.search}?${new URLSearchParams({ q: words })}`);
      }}
    />
  );
}
