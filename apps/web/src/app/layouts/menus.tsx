import type { ComponentType, ReactNode } from 'react';
import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  IdcardOutlined,
  IssuesCloseOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SnippetsOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { paths } from '../../config/paths';
import { BoardBadge } from '../../features/board/components/board-badge';
import { PendingBadge } from '../../features/task/components/pending-badge';
import { MENU_TREES, type Area, type MenuEntry } from './menu-tree';

/** One menu entry as the side menu shows it: the tree's entry with its icon and, for some, a count after the label. */
export interface MenuNode extends MenuEntry {
  icon?: ReactNode;
  /** Shown after the label, such as a count; a component, as a count comes from a query. */
  badge?: ComponentType;
  children?: MenuNode[];
}

const ICONS: Record<string, ReactNode> = {
  [paths.system.company]: <BankOutlined />,
  [paths.system.version]: <CloudUploadOutlined />,
  [paths.system.notice]: <NotificationOutlined />,
  [paths.system.seal]: <SafetyCertificateOutlined />,
  [paths.system.jobs]: <ScheduleOutlined />,
  [paths.system.webhooks]: <ApiOutlined />,
  [paths.system.sso]: <IdcardOutlined />,
  [paths.system.userCenter]: <UserOutlined />,
  [paths.company.project]: <ProjectOutlined />,
  [paths.company.report]: <BarChartOutlined />,
  [paths.company.tmfHealth]: <DashboardOutlined />,
  [paths.company.webhooks]: <ApiOutlined />,
  [paths.company.sso]: <IdcardOutlined />,
  [paths.company.user]: <TeamOutlined />,
  [paths.company.approve]: <AuditOutlined />,
  [paths.company.template]: <SnippetsOutlined />,
  [paths.company.userCenter]: <UserOutlined />,
  [paths.project.home]: <HomeOutlined />,
  [paths.project.work]: <FileTextOutlined />,
  [paths.project.qualityIssues]: <IssuesCloseOutlined />,
  [paths.project.file]: <FolderOpenOutlined />,
  [paths.project.report]: <PieChartOutlined />,
  [paths.project.tmfHealth]: <DashboardOutlined />,
  [paths.project.exchange]: <SwapOutlined />,
  [paths.project.board]: <MessageOutlined />,
  [paths.project.manage]: <SettingOutlined />,
  [paths.project.user]: <UserOutlined />,
};

const BADGES: Record<string, ComponentType> = {
  [paths.project.home]: PendingBadge,
  [paths.project.homePending]: PendingBadge,
  [paths.project.board]: BoardBadge,
};

function decorate(entries: MenuEntry[]): MenuNode[] {
  return entries.map((entry) => ({
    ...entry,
    icon: ICONS[entry.path],
    badge: BADGES[entry.path],
    children: entry.children && decorate(entry.children),
  }));
}

export const MENUS: Record<Area, MenuNode[]> = {
  system: decorate(MENU_TREES.system),
  company: decorate(MENU_TREES.company),
  project: decorate(MENU_TREES.project),
};

/** The leaf whose path is the longest prefix of the location, so nested detail pages keep their menu lit. */
export function findMenuTrail(menu: MenuNode[], pathname: string): MenuNode[] {
  for (const node of menu) {
    const inside = pathname === node.path || pathname.startsWith(`${node.path}/`);
    if (!inside) continue;
    if (!node.children) return [node];
    const below = findMenuTrail(node.children, pathname);
    return [node, ...below];
  }
  return [];
}
