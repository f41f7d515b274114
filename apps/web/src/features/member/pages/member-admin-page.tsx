import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RolesPanel } from '../../role/components/roles-panel';
import { SitesPanel } from '../../site/components/sites-panel';
import { MembersPanel } from '../components/members-panel';

const TABS = ['members', 'sites', 'roles'] as const;
type TabKey = (typeof TABS)[number];

const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);

/** SPEC §2 /manage/user: the project administrator's members, sites and roles (Authorization Configuration). */
export function MemberAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: TabKey = isTab(tab) ? tab : 'members';
  return (
    <Card title={t('menu.project.manageMember')} variant="borderless">
      <Tabs
        id="manage-user-tabs"
        activeKey={active}
        // The tab is in the address so the back button returns to the previous one.
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'members', label: t('memberAdmin.tab'), children: <MembersPanel /> },
          { key: 'sites', label: t('site.tab'), children: <SitesPanel /> },
          { key: 'roles', label: t('role.tab'), children: <RolesPanel /> },
        ]}
      />
    </Card>
  );
}
