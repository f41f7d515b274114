import { useRef, useState } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import type { DocKey } from '@edoc/contract/permissions';
import type { VersionRow } from '@edoc/contract/document-edit';
import { TextState } from '@edoc/contract/search';
import { useDownloadByTicket } from '../../download/api';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';
import { formatDateTime, formatSize } from '../../../lib/format';
import { useDeleteVersion, useLabelVersion, useVersions } from '../api';

/** The colour of a version's text state (contract search.ts TextState). */
const TEXT_COLORS: Readonly<Partial<Record<number, string>>> = {
  [TextState.Waiting]: 'default',
  [TextState.Extracting]: 'processing',
  [TextState.Done]: 'success',
  [TextState.NoText]: 'default',
  [TextState.Failed]: 'error',
  [TextState.Unavailable]: 'warning',
};

/** The versions of a document (the side panel's Versions tab): label, download and delete as the keys allow. */
export function VersionsTable({ row }: { row: FileRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ id: number; label: string } | null>(null);
  const fileId = row.fileId;
  const versions = useVersions(fileId, true);
  const box = useRef<HTMLDivElement>(null);
  useKeyboardScroll(box, t('document.versionsTitle', { name: row.file_name }));

  const labelVersion = useLabelVersion();
  const saveLabel = (v: { id: number; label: string }) =>
    labelVersion.mutate(
      { fileVersionId: v.id, label: v.label.trim() },
      {
        onSuccess: () => {
          setEditing(null);
          void message.success(t('common.saved'));
        },
      },
    );
  const deleteVersion = useDeleteVersion();
  const remove = (v: VersionRow) =>
    deleteVersion
      .mutateAsync(v.fileVersionId)
      .then(() => void message.success(t('document.version.deleted', { version: v.versionNo })));
  const download = useDownloadByTicket();

  const can = (key: DocKey) => row.abilities.includes(key);
  const columns: TableColumnsType<VersionRow> = [
    {
      title: t('document.version.no'),
      dataIndex: 'versionNo',
      width: 120,
      // The uploaded file's name on hover: the panel is narrow, and the name is the document's more often than not.
      render: (no: string, v) => (
        <Space title={v.fileName}>
          {no}
          {v.current ? <Tag color="blue">{t('document.version.current')}</Tag> : null}
          {v.certifiedCopy ? (
            <CertifiedCopyTag copy={v.certifiedCopy} id={`document-version-${v.fileVersionId}-certified`} />
          ) : null}
        </Space>
      ),
    },
    {
      title: t('document.version.label'),
      dataIndex: 'label',
      render: (text: string | null, v) =>
        editing?.id === v.fileVersionId ? (
          <Input
            id={`version-label-${v.fileVersionId}`}
            size="small"
            autoFocus
            maxLength={128}
            value={editing.label}
            onChange={(e) => setEditing({ id: v.fileVersionId, label: e.target.value })}
            onPressEnter={() => saveLabel(editing)}
            onBlur={() => setEditing(null)}
          />
        ) : (
          <Space>
            {text}
            {can('editDoc') ? (
              <Button
                id={`version-${v.fileVersionId}-label`}
                type="link"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('document.version.editLabel')}
                onClick={() => setEditing({ id: v.fileVersionId, label: text ?? '' })}
              />
            ) : null}
          </Space>
        ),
    },
    { title: t('document.version.size'), dataIndex: 'size', render: formatSize, width: 80 },
    {
      title: t('document.version.creator'),
      dataIndex: 'creator',
      render: (creator: string, v) => (
        <>
          {creator}
          <br />
          <Typography.Text type="secondary">{formatDateTime(v.createdtime)}</Typography.Text>
        </>
      ),
    },
    {
      // Whether its text is searchable yet (issue 13), and why not when it failed.
      title: t('document.version.text'),
      dataIndex: 'textState',
      width: 110,
      render: (state: number | null, v) =>
        state === null ? null : (
          <Tooltip title={v.textReason}>
            <Tag id={`version-${v.fileVersionId}-text`} color={TEXT_COLORS[state]}>
              {t(`document.version.textState.${state}`)}
            </Tag>
          </Tooltip>
        ),
    },
    {
      // The fingerprint an auditor compares with a copy: its start here, all of it on hover.
      title: 'SHA-256',
      dataIndex: 'sha256',
      width: 110,
      render: (sha: string) => (
        <Tooltip title={sha}>
          <Typography.Text code>{sha.slice(0, 10)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, v) => (
        <Space size={0}>
          {can('downDoc') ? (
            <Button
              id={`version-${v.fileVersionId}-download`}
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('document.action.download')}
              onClick={() => download.mutate({ kind: 'document', fileId, fileVersionId: v.fileVersionId })}
            />
          ) : null}
          {can('deleteDoc') ? (
            <Popconfirm
              title={t('document.version.deleteConfirm', { version: v.versionNo })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ id: `version-${v.fileVersionId}-delete-ok`, danger: true }}
              onConfirm={() => remove(v)}
            >
              <Button
                id={`version-${v.fileVersionId}-delete`}
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('document.version.delete')}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div ref={box}>
      <Table<VersionRow>
        id="document-versions"
        rowKey="fileVersionId"
        size="small"
        loading={versions.isFetching}
        columns={columns}
        dataSource={versions.data ?? []}
        pagination={false}
        scroll={{ x: 620 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('document.version.empty')} /> }}
      />
    </div>
  );
}
