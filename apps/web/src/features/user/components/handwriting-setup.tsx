import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Image, Row, Skeleton, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@edoc/contract/errors';
import { HANDWRITING_MAX_BYTES, HANDWRITING_TYPES } from '@edoc/contract/user';
import { currentLang } from '../../../lib/i18n';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useHandwriting, useUploadHandwriting } from '../api';
import { HandwritingPad } from './handwriting-pad';

/** Personal centre, the handwritten signature image: shows the current image and replaces it by an upload or a drawing. */
export function HandwritingSetup() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useHandwriting();
  const src = useObjectUrl(current.data);

  const upload = useUploadHandwriting();
  const save = (blob: Blob, name: string) =>
    upload.mutate({ blob, name }, { onSuccess: () => void message.success(t('handwriting.saved')) });

  return (
    <>
      <Typography.Paragraph type="secondary">{t('handwriting.intro')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('handwriting.current')} id="signature-current">
            {current.isLoading ? (
              <Skeleton active />
            ) : src ? (
              <Image src={src} alt={t('handwriting.current')} style={{ maxHeight: 180 }} preview={false} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('handwriting.none')} />
            )}
            <Upload
              accept={HANDWRITING_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                // The server checks the content itself; these checks only spare a pointless upload.
                if (!(HANDWRITING_TYPES as readonly string[]).includes(file.type)) {
                  void message.error(errorMessage('file_type_not_allowed', currentLang()));
                  return Upload.LIST_IGNORE;
                }
                if (file.size > HANDWRITING_MAX_BYTES) {
                  void message.error(errorMessage('file_too_large', currentLang()));
                  return Upload.LIST_IGNORE;
                }
                save(file, file.name);
                return false;
              }}
            >
              <Button
                id="signature-upload"
                icon={<UploadOutlined />}
                loading={upload.isPending}
                style={{ marginTop: 12 }}
              >
                {t('handwriting.upload')}
              </Button>
            </Upload>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('handwriting.draw')}>
            <HandwritingPad saving={upload.isPending} onSave={(png) => save(png, 'drawn-signature.png')} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
