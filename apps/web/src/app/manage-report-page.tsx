import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TrailPage } from '../features/trail/pages/trail-page';
import { SystemReportPage } from '../features/report/pages/system-report-page';

const TABS = ['system', 'trail'] as const;
type Tab = (typeof TABS)[number];

/**
 * /manage/report (issue 14): the System report beside the operation trajectory, each as its feature draws it. The
 * tab is in the address (?tab=trail), so back and reload return to it; switching drops the other tab's filters.
 */
export function ManageReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'system';
  return (
    <Tabs
      id="manage-report-tabs"
      activeKey={tab}
      destroyOnHidden
      onChange={(next) => setParams(next === 'system' ? {} : { tab: next })}
      items={[
        { key: 'system', label: t('systemReport.tabs.system'), children: <SystemReportPage /> },
        { key: 'trail', label: t('systemReport.tabs.trail'), children: <TrailPage /> },
      ]}
    />
  );
}
