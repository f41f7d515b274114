import { useEffect } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOARD_BODY_MAX_BYTES, BOARD_FILES_MAX, boardBody, topicFields } from '@edoc/contract/board';
import { ByteCount } from '../../../components/byte-count';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { usePost } from '../api';
import { MentionInput, useMentionPicks } from './mention-input';
import { Dialog } from '../../../components/dialog';

interface TopicFormValues {
  subject: string;
  body: string;
  files: UploadFile[];
}

/** Refusals the server words about one field of a post (topic or reply), shown under it. */
export const POST_FIELD_OF: Partial<Record<string, 'body' | 'files'>> = {
  board_body_too_long: 'body',
  not_project_member: 'body',
  file_type_not_allowed: 'files',
  file_too_large: 'files',
  board_too_many_files: 'files',
};

/** Files chosen in the form stay in the browser until the post is sent. */
export const filesOf = (list: UploadFile[] | undefined) =>
  (list ?? []).map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);

/** The chooser of a post's files: nothing is sent until the form is. */
export function FilesField(props: { id: string; value?: UploadFile[]; onChange?: (files: UploadFile[]) => void }) {
  const { t } = useTranslation();
  return (
    <Upload
      multiple
      maxCount={BOARD_FILES_MAX}
      fileList={props.value ?? []}
      beforeUpload={() => false}
      onChange={({ fileList }) => props.onChange?.(fileList)}
    >
      <Button id={props.id} icon={<UploadOutlined />}>
        {t('board.chooseFiles')}
      </Button>
    </Upload>
  );
}

/** A new topic: subject, text with @ mentions (a byte counter against 4000) and files. */
export function TopicFormModal({
  open,
  onClose,
  onPosted,
}: {
  open: boolean;
  onClose: () => void;
  onPosted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TopicFormValues>();
  const body = Form.useWatch('body', form);
  const mentions = useMentionPicks();
  const post = usePost();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    mentions.reset();
  }, [open, form, mentions]);

  const submit = (values: TopicFormValues) => {
    const text = values.body.trim();
    post.mutate(
      { subject: values.subject.trim(), body: text, mentionIds: mentions.idsIn(text), files: filesOf(values.files) },
      {
        onSuccess: ({ id }) => {
          void message.success(t('board.posted'));
          onPosted(id);
        },
        onError: (error) => showServerError(form, error, POST_FIELD_OF),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={t('board.newTopic')}
      okText={t('board.post')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'board-topic-ok' }}
      confirmLoading={post.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      forceRender
    >
      <Form<TopicFormValues> form={form} name="boardTopic" layout="vertical" onFinish={submit}>
        <Form.Item name="subject" label={t('board.subject')} rules={[schemaRule('subject', topicFields.shape.subject)]}>
          <Input name="subject" autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('board.body')}
          extra={
            <>
              {t('board.bodyHelp')} <ByteCount value={body} max={BOARD_BODY_MAX_BYTES} />
            </>
          }
          rules={[schemaRule('body', boardBody)]}
        >
          <MentionInput id="boardTopic_body" rows={6} onPick={mentions.pick} />
        </Form.Item>
        <Form.Item
          htmlFor="board-topic-files"
          name="files"
          label={t('board.files')}
          extra={t('board.filesHelp', { max: BOARD_FILES_MAX })}
          valuePropName="value"
        >
          <FilesField id="board-topic-files" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
