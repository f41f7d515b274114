import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QualityIssue } from '@edoc/contract/quality-issue';
import { formatDateTime } from '../../../lib/format';
import { useQualityIssues } from '../api';
import { IssueActions } from './issue-actions';
import { IssueStateTag } from './issue-state-tag';
import { IssueStepDialog, type AskingStep } from './issue-step-dialog';
import { RaiseIssueDialog, type IssueTarget } from './raise-issue-dialog';

/** A document carries few issues: one page holds them all, newest first as the server orders them. */
const PAGE_SIZE = 100;

/**
 * The document panel's "Quality issues" tab: every issue on the document the caller may read, with the steps the
 * server allows them, and "Raise issue" when they may QC it.
 */
export function DocumentIssues({ target }: { target: IssueTarget }) {
  const { t } = useTranslation();
  const issues = useQualityIssues({ documentId: target.documentId, page: 1, pageSize: PAGE_SIZE });
  const [raising, setRaising] = useState(false);
  const [step, setStep] = useState<{ action: AskingStep; issue: QualityIssue } | null>(null);
  const items = issues.data?.items ?? [];

  if (issues.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  return (
    <div id="quality-issues">
      {issues.data?.canRaise ? (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Button id="quality-raise" icon={<PlusOutlined />} onClick={() => setRaising(true)}>
            {t('qualityIssue.raise')}
          </Button>
        </Flex>
      ) : null}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qualityIssue.empty')} />
      ) : (
        // A list for a screen reader too: "list, 3 items".
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((issue) => (
            <li
              key={issue.id}
              id={`quality-issue-${issue.id}`}
              style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
            >
              <Flex vertical gap={4}>
                <Flex align="center" gap={8} wrap>
                  <IssueStateTag state={issue.state} id={`quality-state-${issue.id}`} />
                  <Typography.Text strong>{t(`qualityIssue.category.${issue.category}`)}</Typography.Text>
                  {issue.versionNo ? <Tag>{t('qualityIssue.versionOf', { no: issue.versionNo })}</Tag> : null}
                  {issue.page ? <Tag>{t('qualityIssue.pageOf', { page: issue.page })}</Tag> : null}
                </Flex>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {issue.comment}
                </Typography.Paragraph>
                <IssueHistory issue={issue} />
                <IssueActions issue={issue} onAsk={(action, which) => setStep({ action, issue: which })} />
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <RaiseIssueDialog open={raising} target={target} onClose={() => setRaising(false)} />
      <IssueStepDialog step={step} folderId={target.folderId} onClose={() => setStep(null)} />
    </div>
  );
}

/** Who raised it, who fixes it, and what has happened to it since (the resolution, a waiver), in grey. */
export function IssueHistory({ issue }: { issue: QualityIssue }) {
  const { t } = useTranslation();
  const lines = [
    t('qualityIssue.raisedLine', {
      raiser: issue.raisedBy.name,
      date: formatDateTime(issue.createdAt),
      assignee: issue.assignee.name,
    }),
    issue.resolution ? t('qualityIssue.resolution', { text: issue.resolution }) : null,
    issue.resolvedAt ? t('qualityIssue.resolvedAt', { date: formatDateTime(issue.resolvedAt) }) : null,
    issue.verifiedAt ? t('qualityIssue.verifiedAt', { date: formatDateTime(issue.verifiedAt) }) : null,
    issue.waivedBy ? t('qualityIssue.waivedBy', { name: issue.waivedBy.name, reason: issue.waiveReason ?? '' }) : null,
  ];
  return (
    <Flex vertical>
      {lines
        .filter((line): line is string => line !== null)
        .map((line) => (
          <Typography.Text key={line} type="secondary" style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
            {line}
          </Typography.Text>
        ))}
    </Flex>
  );
}
