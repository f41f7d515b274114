import { useEffect, useState } from 'react';
import { CheckCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertifyOffer } from '@edoc/contract/certified-copy';
import { Dialog } from '../../../components/dialog';
import {
  ESignatureFields,
  eSignatureOf,
  placeSigningRefusal,
  type ESignatureValues,
} from '../../../components/e-signature-fields';
import { useSsoSigning } from '../../sso/api';
import { useSignerFactor } from '../../totp/api';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useCertifyCopy } from '../api';
import type { PageCheck } from '../use-page-check';

/**
 * Certifying the version shown as a copy of its paper original (issue 28 part 4, ICH E6 R3), in the PDF toolbar.
 * "Certify copy" starts the page check: each page of the content counts as checked once it has been shown as the
 * page being read (scrolled to, with the mouse or the keyboard in the pages, or reached with "Next unchecked page");
 * the signature pages the viewer adds after them are not the original's and are not counted. Only when every page is
 * checked can the certifier sign, with the workflow's signing fields and the meaning "certified copy".
 */
export function CertifyCopy({
  fileId,
  fileVersionId,
  offer,
  check,
  page,
  goTo,
}: {
  fileId: number;
  fileVersionId: number;
  offer: CertifyOffer;
  /** The pages checked so far (usePageCheck, kept by the page: the thumbnails mark them too). */
  check: PageCheck;
  /** The page being read. */
  page: number;
  goTo: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState(false);
  const { checking, seen, mark } = check;

  useEffect(() => {
    if (checking) mark(page);
  }, [checking, page, mark]);

  if (!checking)
    return (
      <Button id="viewer-certify-start" icon={<SafetyCertificateOutlined />} onClick={check.start}>
        {t('viewer.certify.start')}
      </Button>
    );

  const all = seen.size >= offer.pages;
  const next = Array.from({ length: offer.pages }, (_, i) => i + 1).find((n) => !seen.has(n));
  return (
    <Flex align="center" gap={8} wrap id="viewer-certify">
      {page <= offer.pages && seen.has(page) ? (
        <Typography.Text id="viewer-certify-page-checked" type="success">
          <CheckCircleFilled /> {t('viewer.certify.pageChecked', { page })}
        </Typography.Text>
      ) : null}
      <Typography.Text id="viewer-certify-count" role="status" aria-live="polite">
        {t('viewer.certify.count', { checked: seen.size, total: offer.pages })}
      </Typography.Text>
      <Button id="viewer-certify-next" size="small" disabled={next === undefined} onClick={() => next && goTo(next)}>
        {t('viewer.certify.next')}
      </Button>
      <Button id="viewer-certify-sign" type="primary" size="small" disabled={!all} onClick={() => setSigning(true)}>
        {t('viewer.certify.sign')}
      </Button>
      <Button id="viewer-certify-stop" size="small" onClick={check.stop}>
        {t('viewer.certify.stop')}
      </Button>
      <CertifyDialog
        open={signing}
        fileId={fileId}
        fileVersionId={fileVersionId}
        pages={seen.size}
        needsEmail={offer.needsEmail}
        onClose={() => setSigning(false)}
      />
    </Flex>
  );
}

/** The signing: the pages checked stated, then the Part 11 fields of the workflow's signing (components). */
function CertifyDialog(props: {
  open: boolean;
  fileId: number;
  fileVersionId: number;
  pages: number;
  needsEmail: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ signature: ESignatureValues }>();
  useRevalidateOnLanguage(form);
  const certify = useCertifyCopy(props.fileId, props.fileVersionId);
  const ssoSigning = useSsoSigning(props.open);
  const hasFactor = useSignerFactor(props.open);
  const submit = (values: { signature: ESignatureValues }) =>
    certify.mutate(
      { pagesChecked: props.pages, signature: eSignatureOf(values.signature) },
      {
        onSuccess: () => {
          void message.success(t('viewer.certify.done'));
          props.onClose();
        },
        onError: (error) => {
          // A wrong password, code or proof is corrected in place (a spent proof dropped).
          if (placeSigningRefusal(form, error)) return;
          showError(error);
          if (isApiError(error) && error.httpStatus === 409) props.onClose();
        },
      },
    );
  return (
    <Dialog
      open={props.open}
      title={t('viewer.certify.title')}
      okText={t('viewer.certify.ok')}
      okButtonProps={{ id: 'viewer-certify-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={certify.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
      destroyOnHidden
    >
      <Form form={form} name="certifyForm" layout="vertical" onFinish={submit}>
        <Typography.Paragraph id="viewer-certify-statement">
          {t('viewer.certify.statement', { pages: props.pages })}
        </Typography.Paragraph>
        <ESignatureFields meaning="certifiedCopy" needsEmail={props.needsEmail} sso={ssoSigning} totp={hasFactor} />
      </Form>
    </Dialog>
  );
}

/** A checked page's mark under its thumbnail while the page check is on. */
export function PageCheckedMark({ page }: { page: number }) {
  const { t } = useTranslation();
  const text = t('viewer.certify.pageChecked', { page });
  return (
    <CheckCircleFilled
      id={`viewer-thumb-${page}-checked`}
      role="img"
      aria-label={text}
      style={{ color: '#52c41a', marginLeft: 4 }}
    />
  );
}
