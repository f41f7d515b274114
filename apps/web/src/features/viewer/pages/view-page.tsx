import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Alert, Button, Flex, Progress, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { errorMessage } from '@edoc/contract/errors';
import type { FileDetail, ViewState } from '@edoc/contract/viewer';
import { paths } from '../../../config/paths';
import { currentLang } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useEditStatus, useSessionDocument } from '../../editing/api';
import { WopiFrame } from '../../editing/components/wopi-frame';
import { RaiseOnPage } from '../../quality-issue/components/raise-on-page';
import { authHeaders, useFileDetail, useOpenViewState, usePolledViewState, viewUrl } from '../api';
import { CertifyCopy, PageCheckedMark } from '../components/certify-copy';
import { usePageCheck } from '../use-page-check';
import { ImageView } from '../components/image-view';
import { TextView } from '../components/text-view';
import { ViewerError } from '../components/viewer-error';
import { Watermark } from '../components/watermark';
import type { PdfStart } from '../components/pdf-view';
import { ViewFrame } from './view-frame';

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
      <ViewFrame>
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
      </ViewFrame>
    );
  }
  if (bySymbol.error) {
    return (
      <ViewFrame>
        <ViewerError error={bySymbol.error} />
      </ViewFrame>
    );
  }
  if (fileId === null && bySymbol.isLoading) {
    return (
      <ViewFrame>
        <div id="viewer-loading">
          <Spin style={{ display: 'block', margin: 48 }} />
        </div>
      </ViewFrame>
    );
  }
  if (fileId === null) {
    return (
      <ViewFrame>
        <ViewerError message={t('viewer.missingDocument')} />
      </ViewFrame>
    );
  }
  const error = detail.error ?? opened.error ?? polled.error;
  if (error) {
    return (
      <ViewFrame detail={detail.data}>
        <ViewerError error={error} />
      </ViewFrame>
    );
  }
  if (!detail.data || !state) {
    return (
      <ViewFrame detail={detail.data}>
        <div id="viewer-loading">
          <Spin style={{ display: 'block', margin: 48 }} />
        </div>
      </ViewFrame>
    );
  }

  const d = detail.data;
  const watermark = [d.watermark.name, d.watermark.email, dayjs(d.watermark.time).format('YYYY-MM-DD HH:mm:ss')];
  return (
    <ViewFrame detail={d}>
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
    </ViewFrame>
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
