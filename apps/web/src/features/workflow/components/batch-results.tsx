import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer } from '@edoc/contract/workflow-requests';

type Result = BatchAnswer['results'][number];

/** What became of each document of a batch: sent, or the server's reason why not. */
export function BatchResults({ results, names }: { results: Result[]; names: Record<number, string> }) {
  const { t } = useTranslation();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Flex vertical gap={12}>
      <Alert
        id="workflow-batch-summary"
        type={ok === results.length ? 'success' : ok === 0 ? 'error' : 'warning'}
        showIcon
        title={t('workflow.batch.summary', { ok, total: results.length })}
      />
      <Table<Result>
        id="workflow-batch-results"
        rowKey="fileId"
        size="small"
        pagination={false}
        dataSource={results}
        columns={[
          {
            title: t('workflow.batch.file'),
            dataIndex: 'fileId',
            render: (id: number) => names[id] ?? `#${id}`,
          },
          {
            title: t('workflow.batch.result'),
            key: 'result',
            render: (_v, r) =>
              r.ok ? (
                <span style={{ color: '#389e0d' }}>
                  <CheckCircleFilled /> {t('workflow.batch.ok')}
                </span>
              ) : (
                <span style={{ color: '#cf1322' }}>
                  <CloseCircleFilled /> {r.msg ?? r.errorCode}
                </span>
              ),
          },
        ]}
      />
    </Flex>
  );
}
