import { App, Button, Empty, Flex, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import { wordBody } from '@edoc/contract/document-edit';
import { schemaRule } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useAddWord, useWords } from '../api';

/** The comments ("words") of a document, oldest first, and a box to add one; Enter sends. */
export function CommentsList({ row }: { row: FileRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  useRevalidateOnLanguage(form);
  const fileId = row.fileId;
  const words = useWords(fileId, true);
  const addWord = useAddWord(fileId);
  const add = (text: string) =>
    addWord.mutate(text, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('document.comment.added'));
      },
    });

  return (
    <Flex vertical gap={16}>
      {words.data?.length ? (
        <List
          id="document-comments"
          dataSource={words.data}
          renderItem={(w) => (
            <List.Item key={w.id}>
              <List.Item.Meta
                title={
                  <Flex justify="space-between">
                    <span>{w.userName}</span>
                    <Typography.Text type="secondary">{formatDateTime(w.createdtime)}</Typography.Text>
                  </Flex>
                }
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{w.text}</span>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={words.isFetching ? '' : t('document.comment.empty')} />
      )}
      <Form form={form} name="documentComment" onFinish={(v) => add(v.text.trim())}>
        <Form.Item name="text" rules={[schemaRule('text', wordBody.shape.text, 'document.field.comment')]}>
          <Input id="document-comment-text" placeholder={t('document.comment.placeholder')} maxLength={1000} />
        </Form.Item>
        <Button id="document-comment-add" type="primary" htmlType="submit" loading={addWord.isPending}>
          {t('document.comment.add')}
        </Button>
      </Form>
    </Flex>
  );
}
