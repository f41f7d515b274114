import { useState } from 'react';
import { CommentOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useRequestWords } from '../api';

/** The discussion on one request (its comments and each decision's words), loaded when opened. */
export function RequestWords({ fileId, routeId }: { fileId: number; routeId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const words = useRequestWords(fileId, routeId, open);
  return (
    <div>
      <Button
        id={`workflow-words-${routeId}`}
        type="link"
        size="small"
        icon={<CommentOutlined />}
        style={{ paddingInline: 0 }}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('workflow.history.hideDiscussion') : t('workflow.history.discussion')}
      </Button>
      {open ? (
        words.isPending ? (
          <Spin size="small" />
        ) : (words.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.history.noDiscussion')} />
        ) : (
          <Flex vertical gap={6}>
            {(words.data ?? []).map((w) => (
              <div key={w.id} style={{ fontSize: 12 }}>
                <Flex gap={6} align="center">
                  <Typography.Text strong style={{ fontSize: 12 }}>
                    {w.userName}
                  </Typography.Text>
                  {w.decision ? (
                    <Tag color={w.decision === 'pass' ? 'green' : 'red'} style={{ fontSize: 11 }}>
                      {t(`workflow.action.${w.decision}`)}
                    </Tag>
                  ) : null}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(w.createdtime)}
                  </Typography.Text>
                </Flex>
                <Typography.Text style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{w.text}</Typography.Text>
              </div>
            ))}
          </Flex>
        )
      ) : null}
    </div>
  );
}
