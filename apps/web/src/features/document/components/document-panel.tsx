import type { ReactNode } from 'react';
import { Drawer, Empty, Flex, Spin, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import type { DocKey } from '@edoc/contract/permissions';
import { usePreference } from '../../../lib/use-preference';
import { LockMark } from '../../../components/lock-mark';
import { StatusTag } from '../../../components/status-tag';
import { useDocumentRow } from '../api';
import type { OpenDocument, PanelTab } from '../hooks/use-open-document';
import { CommentsList } from './comments-list';
import { DocumentDetails } from './document-details';
import { ExpectedTab } from './expected-tab';
import { panelPrefix, RowActions, useRowMenu, type RowActionHandlers } from './row-actions';
import { VersionsTable } from './versions-table';

/**
 * What other features show about a document, composed in by the page (flow: workflow, trail: audit, quality: its
 * quality issues, source: what the system it was imported from recorded).
 */
export interface PanelParts {
  flow: (row: FileRow) => ReactNode;
  trail: (row: FileRow) => ReactNode;
  quality: (row: FileRow) => ReactNode;
  source: (row: FileRow) => ReactNode;
}

/**
 * The open document beside the list (issue 12): its details, versions, flow, trail and comments, and its actions,
 * without leaving the list. No mask: the list stays in reach, and another row's click opens that one here.
 * Tabs a caller's keys do not allow are left out, as the list's actions are.
 */
export function DocumentPanel(props: RowActionHandlers & { open: OpenDocument; parts: PanelParts }) {
  const { t } = useTranslation();
  const { docId, tab, setTab, close } = props.open;
  const row = useDocumentRow(docId);
  // Wide enough for its eight tabs in English (with a 16-pixel gap and short labels): overflowing, antd puts a "more"
  // button inside the tab list, which may hold only tabs (axe aria-required-children).
  const [width, setWidth] = usePreference('documents.panelWidth', 640);
  const menuOf = useRowMenu(props, panelPrefix);
  const doc = row.data ?? null;
  const can = (key: DocKey) => doc?.abilities.includes(key) ?? false;
  const tabs: Array<{ key: PanelTab; show: boolean; render: (r: FileRow) => ReactNode }> = [
    { key: 'details', show: true, render: (r) => <DocumentDetails row={r} /> },
    { key: 'versions', show: can('viewVersionDoc'), render: (r) => <VersionsTable row={r} /> },
    { key: 'flow', show: can('viewDoc'), render: props.parts.flow },
    { key: 'trail', show: can('viewTrailDoc'), render: props.parts.trail },
    { key: 'comments', show: can('viewDoc'), render: (r) => <CommentsList row={r} /> },
    { key: 'quality', show: can('viewDoc'), render: props.parts.quality },
    { key: 'expected', show: can('viewDoc'), render: (r) => <ExpectedTab row={r} canEdit={can('editDoc')} /> },
    // Only for a document that came from an import: others have no source to show.
    { key: 'source', show: can('viewDoc') && Boolean(doc?.sourceSystem), render: props.parts.source },
  ];
  const shown = tabs.filter((x) => x.show);
  const active = shown.some((x) => x.key === tab) ? tab : 'details';

  return (
    <Drawer
      open={docId !== null}
      onClose={close}
      mask={false}
      // The list keeps the keyboard's focus, so its arrows move the panel along (use-table-keys' follow); antd's drawer
      // took the focus when it opened, and the arrows then moved nothing (issue 31). Tab reaches the panel.
      autoFocus={false}
      size={width}
      maxSize={1100}
      // Its left edge drags wider or narrower; the width is remembered per user.
      resizable={{ onResize: (next) => setWidth(Math.max(420, Math.round(next))) }}
      destroyOnHidden
      rootClassName="document-panel"
      title={
        doc ? (
          <Flex vertical gap={2}>
            <Typography.Text strong ellipsis={{ tooltip: doc.file_name }} id="document-panel-title">
              {doc.file_name}
            </Typography.Text>
            <span>
              {doc.version_no ? <Tag color="blue">{doc.version_no}</Tag> : null}
              <StatusTag status={doc.status} />
              {doc.lock ? (
                <span style={{ marginInlineStart: 8 }}>
                  <LockMark lock={doc.lock} id="document-panel-lock" />
                </span>
              ) : null}
            </span>
          </Flex>
        ) : null
      }
      extra={doc ? <RowActions row={doc} menu={menuOf(doc)} onAction={props.onAction} prefix={panelPrefix} /> : null}
    >
      <div id="document-panel">
        {row.isPending && docId !== null ? (
          <Spin style={{ display: 'block', margin: 48 }} />
        ) : doc ? (
          <Tabs
            id="document-panel-tabs"
            tabBarGutter={16}
            activeKey={active}
            onChange={(key) => setTab(key as PanelTab)}
            destroyOnHidden
            items={shown.map((x) => ({
              key: x.key,
              label: <span id={`document-panel-tab-${x.key}`}>{t(`document.panel.${x.key}`)}</span>,
              children: x.render(doc),
            }))}
          />
        ) : (
          <div id="document-panel-missing">
            <Empty description={t('document.panel.missing')} />
          </div>
        )}
      </div>
    </Drawer>
  );
}
