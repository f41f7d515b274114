import { useState } from 'react';
import { PaperClipOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { Badge, Button, Card, Empty, List, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MentionItem, TopicItem } from '@edoc/contract/board';
import { SearchableTable } from '../../../components/searchable-table';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useSession } from '../../../lib/session';
import { useBoardUnread, useMentions, useReadAllMentions, useTopics } from '../api';
import { TopicFormModal } from '../components/topic-form-modal';

export const topicPath = (id: number) => `${paths.project.board}/${id}`;

function TopicTable() {
  const { t } = useTranslation();
  const list = useListState();
  const topics = useTopics({ pageNum: list.pageNum, pageSize: list.pageSize, searchValue: list.searchValue });
  return (
    <SearchableTable<TopicItem>
      searchId="board-search"
      tableId="board-table"
      rowKey="id"
      page={topics}
      list={list}
      searchPlaceholder={t('board.searchPlaceholder')}
      emptyText={t('board.empty')}
      columns={[
        {
          title: t('board.subject'),
          key: 'subject',
          render: (_: unknown, topic) => (
            <Space size={6} wrap>
              {topic.pinned && (
                <Tag color="gold" icon={<PushpinFilled />}>
                  {t('board.pinned')}
                </Tag>
              )}
              {topic.closed && <Tag>{t('board.closed')}</Tag>}
              <Link
                id={`board-topic-${topic.id}`}
                to={topicPath(topic.id)}
                style={{ fontWeight: topic.unread ? 600 : 400 }}
              >
                {topic.subject}
              </Link>
              {topic.attachmentCount > 0 && <PaperClipOutlined aria-label={t('board.attachments')} />}
              {topic.unread && <Badge status="processing" color="red" text={t('board.unread')} />}
            </Space>
          ),
        },
        { title: t('board.author'), dataIndex: 'authorName', width: 180, ellipsis: true },
        { title: t('board.replies'), dataIndex: 'replyCount', width: 100, align: 'right' },
        {
          title: t('board.lastPost'),
          dataIndex: 'lastPostAt',
          width: 170,
          render: (v: string) => formatDateTime(v),
        },
      ]}
    />
  );
}

function MentionList() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const mentions = useMentions(page);
  const readAll = useReadAllMentions();
  const hasUnread = (mentions.data?.data ?? []).some((m) => !m.read);
  // Marking read is a change, which a closed project refuses.
  const closed = useSession().closed;
  return (
    <>
      <Button
        id="board-read-all"
        disabled={!hasUnread || closed}
        loading={readAll.isPending}
        onClick={() => readAll.mutate()}
      >
        {t('board.readAll')}
      </Button>
      <List<MentionItem>
        id="board-mentions"
        loading={mentions.isLoading}
        dataSource={mentions.data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('board.mentionsEmpty')} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: mentions.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        renderItem={(m) => (
          <List.Item id={`board-mention-${m.id}`}>
            <List.Item.Meta
              title={
                <Space size={6}>
                  {!m.read && <Badge status="processing" color="red" />}
                  <Link to={topicPath(m.topicId)} style={{ fontWeight: m.read ? 400 : 600 }}>
                    {m.topicSubject}
                  </Link>
                </Space>
              }
              description={
                <Typography.Text type="secondary">
                  {t('board.mentionedBy', { name: m.byName })}
                  {m.replyId !== null && ` ${t('board.inReply')}`} · {formatDateTime(m.createdAt)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}

/** The project's message board (issue 14): topics with unread marks, and the member's mentions. */
export function BoardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const unread = useBoardUnread().data;
  // A closed project is read, never changed (issue 11): no new topics there.
  const closed = useSession().closed;
  return (
    <Card
      title={t('board.title')}
      variant="borderless"
      extra={
        !closed && (
          <Button id="board-new" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('board.newTopic')}
          </Button>
        )
      }
    >
      <Tabs
        id="board-tabs"
        items={[
          { key: 'topics', label: t('board.topics'), children: <TopicTable /> },
          {
            key: 'mentions',
            label: (
              <Space size={4}>
                {t('board.mentions')}
                <Badge count={unread?.mentions ?? 0} size="small" />
              </Space>
            ),
            children: <MentionList />,
          },
        ]}
      />
      <TopicFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onPosted={(id) => void navigate(topicPath(id))}
      />
    </Card>
  );
}
