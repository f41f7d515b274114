import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Radio, Skeleton, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { sealMaterial, type SealCertificateBody } from '@edoc/contract/seal';
import { saveBlob } from '../../../lib/download';
import { showError } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { useInstallSealCertificate, useSealCertificate } from '../api';

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
export function SealCertificatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InstallValues>();
  const [p12, setP12] = useState<File | null>(null);
  const current = useSealCertificate();
  const install = useInstallSealCertificate({ silentError: true });
  const format = Form.useWatch('format', form) ?? 'pem';

  const submit = async () => {
    const values = await form.validateFields();
    const body: SealCertificateBody =
      values.format === 'pkcs12'
        ? { pkcs12: p12 ? await base64Of(p12) : '', password: values.password ?? '' }
        : { privateKey: values.privateKey, certificate: values.certificate };
    install.mutate(body, {
      onSuccess: () => {
        void message.success(t('sealCertificate.installedOk'));
        form.resetFields();
        setP12(null);
      },
      onError: showError,
    });
  };

  const c = current.data;
  return (
    <Card title={t('menu.system.seal')} variant="borderless">
      <Alert type="info" showIcon title={t('sealCertificate.intro')} style={{ marginBottom: 16 }} />
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
              {t('sealCertificate.downloadPem')}
            </Button>
          }
          items={[
            { key: 'subject', label: t('sealCertificate.subject'), children: c.subject },
            { key: 'issuer', label: t('sealCertificate.issuer'), children: c.issuer },
            { key: 'serial', label: t('sealCertificate.serialNumber'), children: c.serialNumber },
            {
              key: 'validity',
              label: t('sealCertificate.validity'),
              children: `${formatDateTime(c.validFrom)} – ${formatDateTime(c.validTo)}`,
            },
            {
              key: 'fingerprint',
              label: t('sealCertificate.fingerprint'),
              children: <code>{c.fingerprintSha256}</code>,
            },
            { key: 'source', label: t('sealCertificate.source'), children: t(`sealCertificate.${c.source}`) },
            { key: 'chain', label: t('sealCertificate.chainLength'), children: c.chainLength },
            { key: 'since', label: t('sealCertificate.installedAt'), children: formatDateTime(c.installedAt) },
          ]}
        />
      )}
      <Card type="inner" title={t('sealCertificate.installTitle')} style={{ marginTop: 24 }}>
        <Form form={form} layout="vertical" initialValues={{ format: 'pem' }}>
          <Form.Item name="format" label={t('sealCertificate.format')}>
            <Radio.Group
              options={[
                { value: 'pem', label: t('sealCertificate.pem') },
                { value: 'pkcs12', label: t('sealCertificate.pkcs12') },
              ]}
            />
          </Form.Item>
          {format === 'pem' ? (
            <>
              <Form.Item
                name="privateKey"
                label={t('sealCertificate.privateKey')}
                rules={[schemaRule('privateKey', sealMaterial)]}
              >
                <Input.TextArea rows={5} spellCheck={false} placeholder="-----BEGIN PRIVATE KEY-----" />
              </Form.Item>
              <Form.Item
                name="certificate"
                label={t('sealCertificate.certificate')}
                rules={[schemaRule('certificate', sealMaterial)]}
              >
                <Input.TextArea rows={5} spellCheck={false} placeholder="-----BEGIN CERTIFICATE-----" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item label={t('sealCertificate.file')} required>
                <Upload
                  accept=".p12,.pfx"
                  maxCount={1}
                  beforeUpload={(file) => {
                    setP12(file);
                    return false; // read here and sent as base64 in the JSON body
                  }}
                  onRemove={() => setP12(null)}
                >
                  <Button icon={<UploadOutlined />}>{t('sealCertificate.chooseFile')}</Button>
                </Upload>
              </Form.Item>
              <Form.Item name="password" label={t('sealCertificate.password')}>
                <Input.Password autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Popconfirm
            title={t('sealCertificate.installConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => void submit().catch(() => undefined)}
          >
            <Button id="signing-install" type="primary" loading={install.isPending}>
              {t('sealCertificate.install')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
    </Card>
  );
}
