import { Suspense, useMemo, useState } from 'react';
import { Layout, Menu, Typography, type MenuProps } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserType } from '@edoc/contract/enums';
import { PageLoading } from '../../components/page-loading';
import { paths } from '../../config/paths';
import { WhatsNew } from '../../features/release/components/whats-new';
import { useSession } from '../../lib/session';
import { HeaderSearch } from '../../features/search/components/header-search';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MAIN_ID } from '../../lib/main-region';
import { SkipLink } from './skip-link';
import type { Area } from './menu-tree';
import { findMenuTrail, MENUS, type MenuNode } from './menus';
import { ClosedBanner, InspectionTag } from './project-notices';

type MenuItem = Required<MenuProps>['items'][number];

interface AreaLayoutProps {
  area: Area;
  /** i18n key of the area's name, shown in the header. */
  titleKey: string;
}

/**
 * Whose menu it is, from the rights the server gave with the project (issue 24): an inspector sees the file library
 * only; a project user without project administration (staff, any custom role) loses the management group.
 */
type Viewer = 'member' | 'inspector' | 'other';

function shown(node: MenuNode, viewer: Viewer): boolean {
  if (viewer === 'inspector') return Boolean(node.forInspector);
  return !(viewer === 'member' && node.managementOnly);
}

function toItems(nodes: MenuNode[], t: (key: string) => string, viewer: Viewer): MenuItem[] {
  return nodes
    .filter((node) => shown(node, viewer))
    .map((node) => ({
      key: node.path,
      icon: node.icon,
      label: node.badge ? (
        <span>
          {t(node.labelKey)}
          <node.badge />
        </span>
      ) : (
        t(node.labelKey)
      ),
      children: node.children ? toItems(node.children, t, viewer) : undefined,
    }));
}

/**
 * The side menu, marking the page the address names. Only the path matters to it: the query string changes with
 * every folder, page of results or open document, and the menu's element is kept across those (issue 30 part 4).
 */
function AreaMenu({ menu, viewer, collapsed }: { menu: MenuNode[]; viewer: Viewer; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menu, t, viewer), [menu, t, viewer]);
  const trail = useMemo(() => findMenuTrail(menu, pathname), [menu, pathname]);
  const selected = useMemo(() => (trail.length ? [trail[trail.length - 1].path] : []), [trail]);
  const groupKeys = useMemo(() => trail.filter((n) => n.children).map((n) => n.path), [trail]);
  const [openKeys, setOpenKeys] = useState<string[]>(groupKeys);
  const [openedFor, setOpenedFor] = useState(pathname);
  // Arriving at a page from elsewhere (a link, the back button) unfolds its group; the user may still fold it.
  if (openedFor !== pathname) {
    setOpenedFor(pathname);
    if (!collapsed) setOpenKeys(Array.from(new Set([...openKeys, ...groupKeys])));
  }
  // Collapsed, groups open as hover pop-ups; expanded again, show the current page's group.
  const [wasCollapsed, setWasCollapsed] = useState(collapsed);
  if (wasCollapsed !== collapsed) {
    setWasCollapsed(collapsed);
    setOpenKeys(collapsed ? [] : groupKeys);
  }
  return useMemo(
    () => (
      <Menu
        id="side-menu"
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected}
        openKeys={openKeys}
        onOpenChange={(keys) => setOpenKeys(keys)}
        onClick={({ key }) => void navigate(key)}
      />
    ),
    [items, selected, openKeys, navigate],
  );
}

/** The shell of the three signed-in areas (SPEC §2): side menu, header, and the routed page. */
export function AreaLayout({ area, titleKey }: AreaLayoutProps) {
  const menu = MENUS[area];
  const { t } = useTranslation();
  const session = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const viewer: Viewer = session.inspector
    ? 'inspector'
    : session.userType === UserType.Project && !session.fullAccess
      ? 'member'
      : 'other';

  // No location read here: a change of the address's query renders the menu's and the search box's own parts and
  // the page, not the whole shell (issue 30 part 4).
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={224}
        theme="dark"
        // Issue 26, item 16: the menu scrolls on its own above the collapse bar, which covered its last entries
        // ("Personal centre") at 900 pixels of height; the sider stays in view while the page scrolls.
        style={{ position: 'sticky', top: 0, height: '100vh' }}
      >
        <div
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontWeight: 600,
            fontSize: collapsed ? 16 : 20,
            letterSpacing: 1,
          }}
        >
          {collapsed ? 'e' : 'edoc eTMF'}
        </div>
        <div id="side-menu-scroll" style={{ height: 'calc(100% - 64px)', overflowY: 'auto', overflowX: 'hidden' }}>
          <AreaMenu menu={menu} viewer={viewer} collapsed={collapsed} />
        </div>
      </Layout.Sider>
      <Layout>
        <AppHeader
          leading={
            <>
              <Typography.Title level={5} style={{ margin: 0, whiteSpace: 'nowrap' }}>
                {t(titleKey)}
              </Typography.Title>
              {session.projectName && session.userType === UserType.Project ? (
                <Typography.Text type="secondary" ellipsis>
                  {session.projectName}
                </Typography.Text>
              ) : session.companyName ? (
                <Typography.Text type="secondary" ellipsis>
                  {session.companyName}
                </Typography.Text>
              ) : null}
              <InspectionTag />
              {session.userType === UserType.Project && session.projectId && !session.inspector ? (
                <HeaderSearch />
              ) : null}
            </>
          }
        />
        <ClosedBanner />
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ margin: 24 }}>
          {/* The menu and header stay while a page's code arrives (app/pages.ts). */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
        <WhatsNew />
      </Layout>
    </Layout>
  );
}

/** Pages without a side menu but with a signed-in user (the project picker). */
export function HeaderOnlyLayout() {
  const session = useSession();
  // The picker is a public route (SPEC §2) but lists the signed-in user's projects: without a token there is nothing to show.
  if (!session.token) return <Navigate to={paths.login} replace />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <AppHeader
        leading={
          <Typography.Title level={4} style={{ margin: 0 }}>
            edoc eTMF
          </Typography.Title>
        }
      />
      <Layout.Content
        id={MAIN_ID}
        tabIndex={-1}
        style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
      <WhatsNew />
    </Layout>
  );
}
