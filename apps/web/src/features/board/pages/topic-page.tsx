import { useState } from 'react';
import { ArrowLeftOutlined, PushpinFilled } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Divider,
  Empty,
  Form,
  List,
  Popconfirm,
  Result,
  Space,
  Tag,
  Typography,
  type UploadFile,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BOARD_BODY_MAX_BYTES, boardBody, type ReplyItem, type TopicDetail } from '@edoc/contract/board';
import { ByteCount } from '../../../components/byte-count';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useClose, usePin, usePost, useRemoveReply, useRemoveTopic, useTopic } from '../api';
import { AttachmentList } from '../components/attachment-list';
import { MentionInput, useMentionPicks } from '../components/mention-input';
import { PostText } from '../components/post-text';
import { FilesField, filesOf, POST_FIELD_OF } from '../components/topic-form-modal';

type Topic = TopicDetail['topic'];

/** Pin, close and remove: the project administrator's, each change asked once more before removal. */
function ModeratorActions({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const pin = usePin();
  const close = useClose();
  const remove = useRemoveTopic();
  const saved = { onSuccess: () => void message.success(t('board.saved')) };
  return (
    <Space wrap>
      <Button
        id="board-pin"
        loading={pin.isPending}
        onClick={() => pin.mutate({ id: topic.id, pinned: !topic.pinned }, saved)}
      >
        {topic.pinned ? t('board.unpin') : t('board.pin')}
      </Button>
      <Button
        id="board-close"
        loading={close.isPending}
        onClick={() => close.mutate({ id: topic.id, closed: !topic.closed }, saved)}
      >
        {topic.closed ? t('board.reopen') : t('board.close')}
      </Button>
      <Popconfirm
        title={t('board.removeConfirm', { subject: topic.subject })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() =>
          remove
            .mutateAsync(topic.id, {
              onSuccess: () => {
                void message.success(t('board.removed'));
                void navigate(paths.project.board);
              },
            })
            .catch(() => undefined)
        }
      >
        <Button id="board-remove" danger loading={remove.isPending}>
          {t('board.remove')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

interface ReplyValues {
  body: string;
  files?: UploadFile[];
}

/** The reply form under a topic: text with @ mentions and files, as a new topic has. */
function ReplyBox({ topicId }: { topicId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReplyValues>();
  const body = Form.useWatch('body', form);
  const mentions = useMentionPicks();
  const post = usePost();
  useRevalidateOnLanguage(form);
  const submit = (values: ReplyValues) => {
    const text = values.body.trim();
    post.mutate(
      { topicId, body: text, mentionIds: mentions.idsIn(text), files: filesOf(values.files) },
      {
        onSuccess: () => {
          void message.success(t('board.replied'));
          form.resetFields();
          mentions.reset();
        },
        onError: (error) => showServerError(form, error, POST_FIELD_OF),
      },
    );
  };
  return (
    <Form form={form} name="boardReply" layout="vertical" onFinish={submit}>
      <Form.Item
        name="body"
        label={t('board.reply')}
        extra={<ByteCount value={body} max={BOARD_BODY_MAX_BYTES} />}
        rules={[schemaRule('body', boardBody)]}
      >
        <MentionInput id="boardReply_body" placeholder={t('board.replyPlaceholder')} onPick={mentions.pick} />
      </Form.Item>
      <Form.Item name="files" valuePropName="value">
        <FilesField id="board-reply-files" />
      </Form.Item>
      <Button id="board-reply-ok" type="primary" htmlType="submit" loading={post.isPending}>
        {t('board.reply')}
      </Button>
    </Form>
  );
}

function ReplyEntry({ reply }: { reply: ReplyItem }) {
  const { t } = useTranslation();
  const remove = useRemoveReply();
  return (
    <List.Item
      id={`board-reply-${reply.id}`}
      actions={
        reply.canRemove
          ? [
              <Popconfirm
                key="remove"
                title={t('board.removeReplyConfirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync(reply.id).catch(() => undefined)}
              >
                <Button id={`board-reply-remove-${reply.id}`} type="link" size="small" danger>
                  {t('board.removeReply')}
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Typography.Text type="secondary">
            {t('board.postedBy', { name: reply.authorName, time: formatDateTime(reply.createdAt) })}
          </Typography.Text>
        }
        description={
          <>
            <PostText text={reply.body} />
            <AttachmentList files={reply.attachments} />
          </>
        }
      />
    </List.Item>
  );
}

/** One topic at its own address (/board/:id), so back and refresh keep it: its text, files, replies and actions. */
export function TopicPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const detail = useTopic(id, page);
  const back = (
    <Link to={paths.project.board}>
      <ArrowLeftOutlined /> {t('board.back')}
    </Link>
  );
  const missing = id === null || (isApiError(detail.error) && detail.error.httpStatus === 404);
  if (missing) return <Result status="404" title={t('board.notFound')} extra={back} />;
  const data = detail.data;
  if (!data) return <Card loading variant="borderless" />;
  const { topic, replies, abilities } = data;
  return (
    <Card
      variant="borderless"
      title={
        <Space size={8} wrap>
          {topic.pinned && (
            <Tag color="gold" icon={<PushpinFilled />}>
              {t('board.pinned')}
            </Tag>
          )}
          {topic.closed && <Tag>{t('board.closed')}</Tag>}
          <span id="board-topic-subject">{topic.subject}</span>
        </Space>
      }
      extra={back}
    >
      <Typography.Text type="secondary">
        {t('board.postedBy', { name: topic.authorName, time: formatDateTime(topic.createdAt) })}
      </Typography.Text>
      <div style={{ marginTop: 12 }}>
        <PostText id="board-topic-body" text={topic.body} />
        <AttachmentList files={topic.attachments} />
      </div>
      {abilities.includes('moderate') && <ModeratorActions topic={topic} />}
      <Divider titlePlacement="start">{t('board.repliesTitle', { count: replies.total })}</Divider>
      <List<ReplyItem>
        id="board-replies"
        dataSource={replies.data}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('board.noReplies')} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: replies.total,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        renderItem={(reply) => <ReplyEntry reply={reply} />}
      />
      <div style={{ marginTop: 24 }} />
      {abilities.includes('reply') ? (
        <ReplyBox topicId={topic.id} />
      ) : (
        topic.closed && <Alert id="board-closed-notice" type="info" showIcon title={t('board.closedNotice')} />
      )}
    </Card>
  );
}
