import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FileDetail } from '@edoc/contract/viewer';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';
import { LanguageSwitch } from '../../../components/language-switch';
import { useDownloadByTicket } from '../../download/api';
import { EditBar } from '../../editing/components/edit-bar';
import { EditStart } from '../../editing/components/edit-start';
import { hasLibraryPart, LibraryActions } from '../../library/components/library-actions';
import { WorkflowPanel } from '../../workflow/components/workflow-panel';

/**
 * The viewer's own full-window frame: what is shown, its version, the download button (downDoc only), and once the
 * document is known the workflow panel beside the content, with the library's actions among its own.
 */
export function ViewFrame({ detail, children }: { detail?: FileDetail; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // A refusal is shown by the query client.
  const download = useDownloadByTicket();
  // Editing (issue 15): a browser session opens the editor here; the end of a session shows the version it made.
  const show = (change: { fileVerId?: number; onlineEdit?: boolean }) => {
    const next = new URLSearchParams(params);
    if (change.fileVerId) next.set('fileVerId', String(change.fileVerId));
    if (change.onlineEdit) next.set('onlineEdit', '1');
    else next.delete('onlineEdit');
    setParams(next);
  };
  return (
    <Flex vertical style={{ height: '100vh' }}>
      <Flex
        align="center"
        justify="space-between"
        gap={16}
        style={{ padding: '0 16px', height: 56, borderBottom: '1px solid #f0f0f0', background: '#fff' }}
      >
        <Flex align="center" gap={12} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {t('viewer.title')}
          </Typography.Text>
          {detail ? (
            <>
              <Typography.Text id="viewer-name" ellipsis={{ tooltip: detail.version.fileName }}>
                {detail.name}
              </Typography.Text>
              <Tag id="viewer-version">{t('viewer.version', { no: detail.version.versionNo })}</Tag>
              {detail.version.certifiedCopy ? (
                <CertifiedCopyTag copy={detail.version.certifiedCopy} id="viewer-certified-copy" />
              ) : null}
              {/* A link names its version: once the document moved on (a new version, a recall) the reader is told. */}
              {detail.version.current ? null : (
                <Tooltip title={t('viewer.notCurrentHint')}>
                  <Tag id="viewer-not-current" color="warning">
                    {t('viewer.notCurrent')}
                  </Tag>
                </Tooltip>
              )}
            </>
          ) : null}
        </Flex>
        <Flex align="center" gap={12}>
          {detail ? <EditStart detail={detail} onStarted={(s) => show({ onlineEdit: s.mode === 'wopi' })} /> : null}
          {detail?.canDownload ? (
            <Button
              id="viewer-download"
              icon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() =>
                download.mutate({
                  kind: 'document',
                  fileId: detail.fileId,
                  fileVersionId: detail.version.fileVersionId,
                })
              }
            >
              {t('viewer.download')}
            </Button>
          ) : null}
          <LanguageSwitch />
        </Flex>
      </Flex>
      {detail ? (
        <EditBar detail={detail} onEnded={(ended) => show({ fileVerId: ended.fileVersionId ?? undefined })} />
      ) : null}
      <Flex style={{ flex: 1, minHeight: 0 }}>
        <div style={{ flex: 1, minWidth: 0, background: '#f0f2f5' }}>{children}</div>
        {detail ? (
          <WorkflowPanel
            detail={detail}
            extraActions={hasLibraryPart(detail) ? <LibraryActions detail={detail} /> : undefined}
          />
        ) : null}
      </Flex>
    </Flex>
  );
}
