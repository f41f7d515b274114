import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Progress, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BulkImportView } from '@edoc/contract/bulk-import';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useBulkAccept, useBulkCancel, useBulkImport } from '../api';
import { BulkPreview } from '../components/bulk-preview';
import { BulkStateTag } from '../components/bulk-state';
import { BulkSummary } from '../components/bulk-summary';

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** Start filing (asked once more, saying how many files will be filed) and cancel (asked once more too). */
function PreviewActions({ item }: { item: BulkImportView }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const accept = useBulkAccept(item.id);
  const cancel = useBulkCancel(item.id);
  const count = item.summary.accepted;
  const start = () =>
    void modal.confirm({
      title: t('bulkImport.start.confirm', { count }),
      content: t('bulkImport.start.confirmHint'),
      okText: t('bulkImport.start.button'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'bulk-start-ok' },
      onOk: () => accept.mutateAsync().catch(() => undefined),
    });
  const stop = () =>
    void modal.confirm({
      title: t('bulkImport.detail.cancelConfirm'),
      okText: t('bulkImport.detail.cancel'),
      okButtonProps: { id: 'bulk-cancel-ok', danger: true },
      cancelText: t('common.close'),
      onOk: () => cancel.mutateAsync().catch(() => undefined),
    });
  return (
    <Space wrap>
      <Button id="bulk-start" type="primary" disabled={count === 0} loading={accept.isPending} onClick={start}>
        {t('bulkImport.start.button')}
      </Button>
      <Button id="bulk-cancel" danger loading={cancel.isPending} onClick={stop}>
        {t('bulkImport.detail.cancel')}
      </Button>
      {count === 0 ? <Typography.Text type="secondary">{t('bulkImport.start.none')}</Typography.Text> : null}
    </Space>
  );
}

/** What the import is at: its job's progress, why it failed, its preview to decide on, or what was filed. */
function BulkBody({ item }: { item: BulkImportView }) {
  const { t } = useTranslation();
  const closed = useSession().closed;
  switch (item.state) {
    case 'uploaded':
    case 'validating':
    case 'filing':
      return (
        <Space orientation="vertical" style={{ width: '100%' }} id="bulk-import-running">
          <Typography.Text>
            {t(item.state === 'filing' ? 'bulkImport.detail.filing' : 'bulkImport.detail.validating')}
          </Typography.Text>
          <Progress percent={item.progress} aria-label={t(`bulkImport.state.${item.state}`)} />
          {item.state === 'filing' ? <BulkSummary summary={item.summary} filing /> : null}
        </Space>
      );
    case 'failed':
      return (
        <Alert
          id="bulk-import-error"
          type="error"
          showIcon
          title={t('bulkImport.detail.failed')}
          description={item.error?.message}
        />
      );
    case 'cancelled':
      return <Alert id="bulk-import-cancelled" type="info" showIcon title={t('bulkImport.detail.cancelled')} />;
    case 'preview':
      return (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <BulkSummary summary={item.summary} filing={false} />
          <BulkPreview item={item} editable={!closed} />
          {closed ? null : <PreviewActions item={item} />}
        </Space>
      );
    case 'done':
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Result status="success" title={t('bulkImport.done.title')} style={{ padding: 16 }} />
          <BulkSummary summary={item.summary} filing />
          <Typography.Title level={5}>{t('bulkImport.done.documents')}</Typography.Title>
          <BulkPreview item={item} editable={false} />
        </Space>
      );
  }
}

/** The spreadsheet's lines that name a file the zip lacks: nothing is filed for them, and the person should know. */
function UnmatchedLines({ item }: { item: BulkImportView }) {
  const { t } = useTranslation();
  if (item.unmatched.length === 0) return null;
  return (
    <Alert
      id="bulk-import-unmatched"
      type="warning"
      showIcon
      style={{ margin: '12px 0' }}
      title={t('bulkImport.detail.unmatched', { count: item.unmatched.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 160, overflowY: 'auto' }}>
          {item.unmatched.map((u) => (
            <li key={u.line}>{t('bulkImport.detail.unmatchedLine', { line: u.line, file: u.file })}</li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * /exchange/bulk/:id (issue 28 part 3): one bulk import, followed while its job reads or files the zip; in preview,
 * the files with their values to check, correct and decide on before filing.
 */
export function BulkDetailPage() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const query = useBulkImport(id);
  const back = (
    <Link to={paths.project.exchangeBulk} id="bulk-import-back">
      <ArrowLeftOutlined /> {t('bulkImport.detail.back')}
    </Link>
  );
  if (id === null || query.isError) return <Result status="404" title={t('bulkImport.detail.missing')} extra={back} />;
  const item = query.data;
  if (!item) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card
      title={
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong id="bulk-import-name">
            {item.packageName}
          </Typography.Text>
          <BulkStateTag item={item} id="bulk-import-state" />
        </Flex>
      }
      extra={back}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          {
            key: 'sheet',
            label: t('bulkImport.detail.sheet'),
            children: item.sheetName ?? t('bulkImport.detail.noSheet'),
          },
          { key: 'user', label: t('bulkImport.col.user'), children: item.user.name },
          { key: 'at', label: t('bulkImport.col.createdAt'), children: formatDateTime(item.createdAt) },
        ]}
      />
      <UnmatchedLines item={item} />
      <BulkBody item={item} />
    </Card>
  );
}
