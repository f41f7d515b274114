import type { ComponentType, ReactNode } from 'react';
import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { paths } from '../../config/paths';
import { BoardBadge } from '../../features/board/components/board-badge';
import { PendingBadge } from '../../features/task/components/pending-badge';

/** One menu entry; a node with children is a group whose own path redirects to its first child. */
export interface MenuNode {
  path: string;
  labelKey: string;
  icon?: ReactNode;
  children?: MenuNode[];
  /** Hidden from ordinary staff (SPEC §2: they may not reach management pages). */
  managementOnly?: boolean;
  /** Shown to an inspector, who sees nothing else (issue 11: the file library, and their own personal centre). */
  forInspector?: boolean;
  /** Shown after the label, such as a count; a component, as a count comes from a query. */
  badge?: ComponentType;
}

export const SYSTEM_MENU: MenuNode[] = [
  {
    path: paths.system.company,
    labelKey: 'menu.system.company',
    icon: <BankOutlined />,
    children: [
      { path: paths.system.companyList, labelKey: 'menu.system.companyList' },
      { path: paths.system.companyDetails, labelKey: 'menu.system.companyDetails' },
      { path: paths.system.companyUser, labelKey: 'menu.system.companyUser' },
    ],
  },
  { path: paths.system.version, labelKey: 'menu.system.version', icon: <CloudUploadOutlined /> },
  { path: paths.system.notice, labelKey: 'menu.system.notice', icon: <NotificationOutlined /> },
  { path: paths.system.signing, labelKey: 'menu.system.signing', icon: <SafetyCertificateOutlined /> },
  { path: paths.system.userCenter, labelKey: 'menu.userCenter', icon: <UserOutlined /> },
];

export const COMPANY_MENU: MenuNode[] = [
  {
    path: paths.company.project,
    labelKey: 'menu.company.project',
    icon: <ProjectOutlined />,
    children: [
      { path: paths.company.projectList, labelKey: 'menu.company.projectList' },
      { path: paths.company.projectUser, labelKey: 'menu.company.projectUser' },
    ],
  },
  { path: paths.company.report, labelKey: 'menu.company.report', icon: <BarChartOutlined /> },
  { path: paths.company.user, labelKey: 'menu.company.user', icon: <TeamOutlined /> },
  { path: paths.company.approve, labelKey: 'menu.company.approve', icon: <AuditOutlined /> },
  {
    path: paths.company.template,
    labelKey: 'menu.company.template',
    icon: <SnippetsOutlined />,
    children: [
      { path: paths.company.templateUserGroup, labelKey: 'menu.company.templateUserGroup' },
      { path: paths.company.templateDirectory, labelKey: 'menu.company.templateDirectory' },
      { path: paths.company.templateEncode, labelKey: 'menu.company.templateEncode' },
      { path: paths.company.templateCodeType, labelKey: 'menu.company.templateCodeType' },
    ],
  },
  { path: paths.company.userCenter, labelKey: 'menu.userCenter', icon: <UserOutlined /> },
];

export const PROJECT_MENU: MenuNode[] = [
  {
    path: paths.project.home,
    labelKey: 'menu.project.home',
    icon: <HomeOutlined />,
    badge: PendingBadge,
    children: [
      { path: paths.project.homePending, labelKey: 'menu.project.homePending', badge: PendingBadge },
      { path: paths.project.homeProcessed, labelKey: 'menu.project.homeProcessed' },
    ],
  },
  { path: paths.project.work, labelKey: 'menu.project.work', icon: <FileTextOutlined /> },
  { path: paths.project.file, labelKey: 'menu.project.file', icon: <FolderOpenOutlined />, forInspector: true },
  { path: paths.project.report, labelKey: 'menu.project.report', icon: <PieChartOutlined /> },
  { path: paths.project.board, labelKey: 'menu.project.board', icon: <MessageOutlined />, badge: BoardBadge },
  {
    path: paths.project.manage,
    labelKey: 'menu.project.manage',
    icon: <SettingOutlined />,
    managementOnly: true,
    children: [
      { path: paths.project.manageStudy, labelKey: 'menu.project.manageStudy' },
      { path: paths.project.manageEncode, labelKey: 'menu.project.manageEncode' },
      { path: paths.project.manageCodeType, labelKey: 'menu.project.manageCodeType' },
      { path: paths.project.manageUser, labelKey: 'menu.project.manageUser' },
      { path: paths.project.manageInspector, labelKey: 'menu.project.manageInspector' },
      { path: paths.project.manageGroup, labelKey: 'menu.project.manageGroup' },
      { path: paths.project.manageReport, labelKey: 'menu.project.manageReport' },
      { path: paths.project.manageDirectory, labelKey: 'menu.project.manageDirectory' },
      { path: paths.project.manageFolderTemplate, labelKey: 'menu.project.manageFolderTemplate' },
      { path: paths.project.manageDownload, labelKey: 'menu.project.manageDownload' },
      { path: paths.project.manageTag, labelKey: 'menu.project.manageTag' },
    ],
  },
  { path: paths.project.user, labelKey: 'menu.userCenter', icon: <UserOutlined />, forInspector: true },
];

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
