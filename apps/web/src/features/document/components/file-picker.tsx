import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { extensionOf } from '@edoc/contract/file-rules';

/** One file chosen for a form field (value: the File); nothing is sent until the form is submitted. */
export function FilePicker(props: { id: string; value?: File; onChange?: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Upload
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          props.onChange?.(file);
          return false;
        }}
      >
        <Button id={props.id} icon={<UploadOutlined />}>
          {t('document.field.chooseFile')}
        </Button>
      </Upload>
      {props.value ? (
        <Typography.Text>
          <FileTypeIcon ext={extensionOf(props.value.name)} /> {props.value.name}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
