import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Alert, Button, Flex, Progress, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { errorMessage } from '@edoc/contract/errors';
import type { FileDetail, ViewState } from '@edoc/contract/viewer';
import { LanguageSwitch } from '../../../components/language-switch';
import { paths } from '../../../config/paths';
import { currentLang } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDownloadByTicket } from '../../download/api';
import { hasLibraryPart, LibraryActions } from '../../library/components/library-actions';
import { WorkflowPanel } from '../../workflow/components/workflow-panel';
import { useEditStatus, useSessionDocument } from '../../editing/api';
import { EditBar } from '../../editing/components/edit-bar';
import { EditStart } from '../../editing/components/edit-start';
import { WopiFrame } from '../../editing/components/wopi-frame';
import { RaiseOnPage } from '../../quality-issue/components/raise-on-page';
import { authHeaders, useFileDetail, useOpenViewState, usePolledViewState, viewUrl } from '../api';
import { CertifyCopy, PageCheckedMark } from '../components/certify-copy';
import { usePageCheck } from '../use-page-check';
import { ImageView } from '../components/image-view';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';
import { TextView } from '../components/text-view';
import { ViewerError } from '../components/viewer-error';
import { Watermark } from '../components/watermark';
import type { PdfStart } from '../components/pdf-view';

// pdf.js is large: it loads with the viewer, not with the rest of the app.
const PdfView = lazy(() => import('../components/pdf-view').then((m) => ({ default: m.PdfView })));

/**
 * SPEC §2 viewer links: /view?fileId&fileVerId (also folderId, statusId, onlineEdit, isProcess, applyId, which
 * the review flows pass along; the document's own folder and keys are what the server checks), or
 * /view?uniqueSymbol&frId&fileVerId, an editing session's link, whose document the server names. Opened in a new
 * tab of a signed-in session.
 */
function readQuery(params: URLSearchParams) {
  const num = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  return {
    fileId: num('fileId'),
    fileVerId: num('fileVerId'),
    folderId: num('folderId'),
    statusId: num('statusId'),
    isProcess: params.get('isProcess') === 'true' || params.get('isProcess') === '1',
    onlineEdit: params.get('onlineEdit') === '1' || params.get('onlineEdit') === 'true',
    applyId: num('applyId'),
    uniqueSymbol: params.get('uniqueSymbol')?.trim() || null,
    // A search hit (issue 13): the page the words are on, and the words to mark.
    page: num('page'),
    words: params.get('q')?.trim().slice(0, 256) || null,
  };
}

export function ViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = readQuery(params);
  const start = useMemo(() => ({ page: query.page, words: query.words }), [query.page, query.words]);
  const session = useSession();
  const signedIn = !!session.token;

  const bySymbol = useSessionDocument(query.fileId === null ? query.uniqueSymbol : null, signedIn);
  const fileId = query.fileId ?? bySymbol.data?.fileId ?? null;
  const detail = useFileDetail(fileId, query.fileVerId, signedIn && fileId !== null);
  const versionId = detail.data?.version.fileVersionId ?? null;
  const opened = useOpenViewState(versionId);
  const converting = opened.data?.state === 'converting';
  const polled = usePolledViewState(versionId, converting);
  const state: ViewState | undefined = converting ? (polled.data ?? opened.data) : opened.data;
  // An Office file's pages are known once its rendition is made: a certifier is then offered the page check.
  const renditionReady = converting && polled.data?.state === 'ready';
  const mayCertify = !!detail.data?.abilities.includes('certifyDoc') && !detail.data.certify;
  const { refetch } = detail;
  useEffect(() => {
    if (renditionReady && mayCertify) void refetch();
  }, [renditionReady, mayCertify, refetch]);
  // onlineEdit=1 (SPEC §2): the user's own browser-editing session, in the customer's WOPI editor.
  const editing = useEditStatus(fileId ?? 0, signedIn && fileId !== null && query.onlineEdit);
  const wopi = query.onlineEdit ? editing.data?.session?.wopi : null;

  if (!signedIn) {
    return (
      <Frame>
        <div id="viewer-sign-in">
          <Result
            status="info"
            title={t('viewer.signInFirst')}
            extra={
              <Link to={paths.login}>
                <Button type="primary">{t('viewer.toLogin')}</Button>
              </Link>
            }
          />
        </div>
      </Frame>
    );
  }
  if (bySymbol.error) {
    return (
      <Frame>
        <ViewerError error={bySymbol.error} />
      </Frame>
    );
  }
  if (fileId === null && bySymbol.isLoading) {
    return (
      <Frame>
        <div id="viewer-loading">
          <Spin style={{ display: 'block', margin: 48 }} />
        </div>
      </Frame>
    );
  }
  if (fileId === null) {
    return (
      <Frame>
        <ViewerError message={t('viewer.missingDocument')} />
      </Frame>
    );
  }
  const error = detail.error ?? opened.error ?? polled.error;
  if (error) {
    return (
      <Frame detail={detail.data}>
        <ViewerError error={error} />
      </Frame>
    );
  }
  if (!detail.data || !state) {
    return (
      <Frame detail={detail.data}>
        <div id="viewer-loading">
          <Spin style={{ display: 'block', margin: 48 }} />
        </div>
      </Frame>
    );
  }

  const d = detail.data;
  const watermark = [d.watermark.name, d.watermark.email, dayjs(d.watermark.time).format('YYYY-MM-DD HH:mm:ss')];
  return (
    <Frame detail={d}>
      <div style={{ position: 'relative', height: '100%' }}>
        {wopi ? (
          <WopiFrame actionUrl={wopi.actionUrl} accessToken={wopi.accessToken} ttl={wopi.accessTokenTtl} />
        ) : (
          <>
            {/* Keyed by the version: another version's page check starts afresh. */}
            <Content key={d.version.fileVersionId} detail={d} state={state} start={start} />
            <Watermark lines={watermark} />
          </>
        )}
      </div>
    </Frame>
  );
}

function Content({ detail, state, start }: { detail: FileDetail; state: ViewState; start: PdfStart }) {
  const { t } = useTranslation();
  const versionId = detail.version.fileVersionId;
  const check = usePageCheck(detail.certify?.pages ?? 0);
  switch (state.state) {
    case 'unsupported':
      return <ViewerError message={errorMessage('not_viewable_online', currentLang())} />;
    case 'failed':
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Alert
            id="viewer-convert-failed"
            type="error"
            showIcon
            message={t('viewer.convertFailed')}
            description={state.error ? t('viewer.failedReason', { reason: state.error }) : undefined}
            style={{ maxWidth: 640 }}
          />
        </Flex>
      );
    case 'converting':
      return (
        <Flex vertical align="center" gap={16} style={{ padding: 64 }}>
          <Typography.Title level={5}>{t('viewer.converting')}</Typography.Title>
          <div id="viewer-progress" style={{ width: 420, maxWidth: '100%' }}>
            <Progress percent={state.progress ?? 0} status="active" aria-label={t('viewer.converting')} />
          </div>
          <Typography.Text type="secondary">{t('viewer.convertingHint')}</Typography.Text>
        </Flex>
      );
    default:
      if (state.kind === 'image') return <ImageView fileVersionId={versionId} alt={detail.name} />;
      // Without downDoc the server sends text as a stamped PDF of its pages (issue 9: view is not download).
      if (state.kind === 'text' && detail.canDownload) return <TextView fileVersionId={versionId} />;
      return (
        <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
          <PdfView
            url={viewUrl(versionId)}
            headers={authHeaders()}
            start={start}
            thumbMark={(n) =>
              detail.certify && check.checking && check.seen.has(n) ? <PageCheckedMark page={n} /> : null
            }
            pageTools={(page, goTo) => (
              <>
                <RaiseOnPage
                  target={{ documentId: detail.fileId, folderId: detail.folderId, versionNo: detail.version.versionNo }}
                  page={page}
                />
                {detail.certify ? (
                  <CertifyCopy
                    key={versionId}
                    fileId={detail.fileId}
                    fileVersionId={versionId}
                    offer={detail.certify}
                    check={check}
                    page={page}
                    goTo={goTo}
                  />
                ) : null}
              </>
            )}
          />
        </Suspense>
      );
  }
}

/**
 * The viewer's own full-window frame: what is shown, its version, the download button (downDoc only), and once the
 * document is known the workflow panel beside the content, with the library's actions among its own.
 */
function Frame({ detail, children }: { detail?: FileDetail; children: React.ReactNode }) {
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
