import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Progress, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ImportView } from '@edoc/contract/exchange-import';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAcceptImport, useCancelImport, useDecide, useImport } from '../api';
import { ImportOptions } from '../components/import-options';
import { ImportPreview } from '../components/import-preview';
import { ImportStateTag } from '../components/import-state';
import { ImportSummary } from '../components/import-summary';

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** Start filing (asked once more, with how many objects will be filed) and cancel (asked once more too). */
function PreviewActions({ item }: { item: ImportView }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const accept = useAcceptImport(item.id);
  const cancel = useCancelImport(item.id);
  const count = item.summary.accepted;
  const start = () =>
    void modal.confirm({
      title: t('exchangeImport.start.confirm', { count }),
      content: t('exchangeImport.start.confirmHint'),
      okText: t('exchangeImport.start.button'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'exchange-start-ok' },
      onOk: () => accept.mutateAsync().catch(() => undefined),
    });
  const stop = () =>
    void modal.confirm({
      title: t('exchangeImport.detail.cancelConfirm'),
      okText: t('exchangeImport.detail.cancel'),
      okButtonProps: { id: 'exchange-cancel-ok', danger: true },
      cancelText: t('common.close'),
      onOk: () => cancel.mutateAsync().catch(() => undefined),
    });
  return (
    <Space wrap>
      <Button
        id="exchange-start"
        type="primary"
        disabled={count === 0}
        title={count === 0 ? t('exchangeImport.start.none') : undefined}
        loading={accept.isPending}
        onClick={start}
      >
        {t('exchangeImport.start.button')}
      </Button>
      <Button id="exchange-cancel" danger loading={cancel.isPending} onClick={stop}>
        {t('exchangeImport.detail.cancel')}
      </Button>
      {count === 0 ? <Typography.Text type="secondary">{t('exchangeImport.start.none')}</Typography.Text> : null}
    </Space>
  );
}

/** What the import is at: its job's progress, why it failed, its preview to decide on, or what was filed. */
function ImportBody({ item }: { item: ImportView }) {
  const { t } = useTranslation();
  const closed = useSession().closed;
  const decide = useDecide(item.id);
  switch (item.state) {
    case 'uploaded':
    case 'validating':
    case 'filing':
      return (
        <Space orientation="vertical" style={{ width: '100%' }} id="exchange-import-running">
          <Typography.Text>
            {t(item.state === 'filing' ? 'exchangeImport.detail.filing' : 'exchangeImport.detail.validating')}
          </Typography.Text>
          <Progress percent={item.progress} aria-label={t(`exchangeImport.state.${item.state}`)} />
          {item.state === 'filing' ? <ImportSummary summary={item.summary} filing /> : null}
        </Space>
      );
    case 'failed':
      return (
        <Alert
          id="exchange-import-error"
          type="error"
          showIcon
          title={t('exchangeImport.detail.failed')}
          description={item.error?.message}
        />
      );
    case 'cancelled':
      return <Alert id="exchange-import-cancelled" type="info" showIcon title={t('exchangeImport.detail.cancelled')} />;
    case 'preview':
      return (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <ImportSummary summary={item.summary} filing={false} />
          <ImportOptions
            item={item}
            disabled={closed || decide.isPending}
            onChange={(options) => decide.mutate({ options })}
          />
          <ImportPreview item={item} editable={!closed} />
          {closed ? null : <PreviewActions item={item} />}
        </Space>
      );
    case 'done':
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Result status="success" title={t('exchangeImport.done.title')} style={{ padding: 16 }} />
          <ImportSummary summary={item.summary} filing />
          <Typography.Title level={5}>{t('exchangeImport.done.documents')}</Typography.Title>
          <ImportPreview item={item} editable={false} />
        </Space>
      );
  }
}

/**
 * /exchange/import/:id (issue 28 part 2): one import, followed while its job checks or files the package; in
 * preview, the objects to decide on before filing.
 */
export function ImportDetailPage() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const query = useImport(id);
  const back = (
    <Link to={paths.project.exchangeImport} id="exchange-import-back">
      <ArrowLeftOutlined /> {t('exchangeImport.detail.back')}
    </Link>
  );
  if (id === null || query.isError)
    return <Result status="404" title={t('exchangeImport.detail.missing')} extra={back} />;
  const item = query.data;
  if (!item) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card
      title={
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong id="exchange-import-name">
            {item.packageName}
          </Typography.Text>
          <ImportStateTag item={item} id="exchange-import-state" />
        </Flex>
      }
      extra={back}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'source', label: t('exchangeImport.detail.source'), children: item.sourceSystem ?? '—' },
          { key: 'study', label: t('exchangeImport.detail.study'), children: item.studyId ?? '—' },
          { key: 'user', label: t('exchangeImport.col.user'), children: item.user.name },
          { key: 'at', label: t('exchangeImport.col.createdAt'), children: formatDateTime(item.createdAt) },
        ]}
      />
      <ImportBody item={item} />
    </Card>
  );
}
