import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Radio, Skeleton, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { signingMaterial, type SigningCertificateBody } from '@edoc/contract/seal';
import { saveBlob } from '../../../lib/download';
import { showError } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { useInstallSigningCertificate, useSigningCertificate } from '../api';

interface InstallValues {
  format: 'pem' | 'pkcs12';
  privateKey?: string;
  certificate?: string;
  password?: string;
}

/** A small binary file as base64 (a PKCS#12 file is a few kilobytes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/**
 * The document-signing certificate (DESIGN §7): which certificate signs downloaded PDFs, and the company's own to
 * install in its place. The server checks the key, the chain and the validity; its refusal is shown as it words it.
 */
export function SigningCertificatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InstallValues>();
  const [p12, setP12] = useState<File | null>(null);
  const current = useSigningCertificate();
  const install = useInstallSigningCertificate({ silentError: true });
  const format = Form.useWatch('format', form) ?? 'pem';

  const submit = async () => {
    const values = await form.validateFields();
    const body: SigningCertificateBody =
      values.format === 'pkcs12'
        ? { pkcs12: p12 ? await base64Of(p12) : '', password: values.password ?? '' }
        : { privateKey: values.privateKey, certificate: values.certificate };
    install.mutate(body, {
      onSuccess: () => {
        void message.success(t('signingCertificate.installedOk'));
        form.resetFields();
        setP12(null);
      },
      onError: showError,
    });
  };

  const c = current.data;
  return (
    <Card title={t('menu.system.signing')} variant="borderless">
      <Alert type="info" showIcon title={t('signingCertificate.intro')} style={{ marginBottom: 16 }} />
      {!c ? (
        <Skeleton active />
      ) : (
        <Descriptions
          id="signing-certificate"
          bordered
          size="small"
          column={1}
          extra={
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                saveBlob(new Blob([c.certificatePem], { type: 'application/x-pem-file' }), 'edoc-signing.pem')
              }
            >
              {t('signingCertificate.downloadPem')}
            </Button>
          }
          items={[
            { key: 'subject', label: t('signingCertificate.subject'), children: c.subject },
            { key: 'issuer', label: t('signingCertificate.issuer'), children: c.issuer },
            { key: 'serial', label: t('signingCertificate.serialNumber'), children: c.serialNumber },
            {
              key: 'validity',
              label: t('signingCertificate.validity'),
              children: `${formatDateTime(c.validFrom)} – ${formatDateTime(c.validTo)}`,
            },
            {
              key: 'fingerprint',
              label: t('signingCertificate.fingerprint'),
              children: <code>{c.fingerprintSha256}</code>,
            },
            { key: 'source', label: t('signingCertificate.source'), children: t(`signingCertificate.${c.source}`) },
            { key: 'chain', label: t('signingCertificate.chainLength'), children: c.chainLength },
            { key: 'since', label: t('signingCertificate.installedAt'), children: formatDateTime(c.installedAt) },
          ]}
        />
      )}
      <Card type="inner" title={t('signingCertificate.installTitle')} style={{ marginTop: 24 }}>
        <Form form={form} layout="vertical" initialValues={{ format: 'pem' }}>
          <Form.Item name="format" label={t('signingCertificate.format')}>
            <Radio.Group
              options={[
                { value: 'pem', label: t('signingCertificate.pem') },
                { value: 'pkcs12', label: t('signingCertificate.pkcs12') },
              ]}
            />
          </Form.Item>
          {format === 'pem' ? (
            <>
              <Form.Item
                name="privateKey"
                label={t('signingCertificate.privateKey')}
                rules={[schemaRule('privateKey', signingMaterial)]}
              >
                <Input.TextArea rows={5} spellCheck={false} placeholder="-----BEGIN PRIVATE KEY-----" />
              </Form.Item>
              <Form.Item
                name="certificate"
                label={t('signingCertificate.certificate')}
                rules={[schemaRule('certificate', signingMaterial)]}
              >
                <Input.TextArea rows={5} spellCheck={false} placeholder="-----BEGIN CERTIFICATE-----" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item label={t('signingCertificate.file')} required>
                <Upload
                  accept=".p12,.pfx"
                  maxCount={1}
                  beforeUpload={(file) => {
                    setP12(file);
                    return false; // read here and sent as base64 in the JSON body
                  }}
                  onRemove={() => setP12(null)}
                >
                  <Button icon={<UploadOutlined />}>{t('signingCertificate.chooseFile')}</Button>
                </Upload>
              </Form.Item>
              <Form.Item name="password" label={t('signingCertificate.password')}>
                <Input.Password autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Popconfirm
            title={t('signingCertificate.installConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => void submit().catch(() => undefined)}
          >
            <Button id="signing-install" type="primary" loading={install.isPending}>
              {t('signingCertificate.install')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
    </Card>
  );
}
