import { useRef } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { extensionOf } from '@edoc/contract/file-rules';

/** One file chosen for a form field (value: the File); nothing is sent until the form is submitted. */
export function FilePicker(props: { id: string; value?: File; onChange?: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  // antd's Upload takes the focus off the button that opens the file chooser (to a wrapper that cannot hold it), so a
  // keyboard user was left on <body> (issue 31): it goes back to the button once a file is chosen, or when the window
  // has the focus again after the chooser closed without one.
  const refocus = () => {
    if (document.activeElement === document.body) button.current?.focus();
  };
  const opening = () => window.addEventListener('focus', refocus, { once: true });
  return (
    <Space wrap>
      <Upload
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          props.onChange?.(file);
          refocus();
          return false;
        }}
      >
        <Button
          ref={button}
          id={props.id}
          icon={<UploadOutlined />}
          onMouseDown={opening}
          onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && opening()}
        >
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
