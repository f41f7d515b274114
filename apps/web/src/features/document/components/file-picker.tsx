import { useRef, type KeyboardEvent } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { extensionOf } from '@edoc/contract/file-rules';

/** One file chosen for a form field (value: the File); nothing is sent until the form is submitted. */
export function FilePicker(props: { id: string; value?: File; onChange?: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  // antd's Upload blurs a button it opens the file chooser from (for a wrapper that cannot take the focus here): the
  // keyboard user was left on <body>, and in a dialog the focus trap then put the focus on its close button, which the
  // Enter that opened the chooser went on to press (issue 31). Enter and Space open the chooser here instead, the
  // focus staying on the button; it comes back to the button once a file is chosen or the chooser closes.
  const refocus = () => button.current?.focus();
  const opening = () => window.addEventListener('focus', refocus, { once: true });
  const openChooser = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    opening();
    button.current?.closest('.ant-upload')?.querySelector<HTMLInputElement>('input[type=file]')?.click();
  };
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
          onKeyDown={openChooser}
          // Space presses a button when released: that press would open the chooser a second time.
          onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
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
