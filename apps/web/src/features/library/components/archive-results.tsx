import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer } from '@edoc/contract/workflow-requests';

type Result = BatchAnswer['results'][number];

/** What a batch archive did with each document: archived, or the server's reason for leaving it. */
export function ArchiveResults({ results, names }: { results: Result[]; names: Map<number, string> }) {
  const { t } = useTranslation();
  return (
    <Table<Result>
      id="library-archive-results"
      rowKey="fileId"
      size="small"
      style={{ marginTop: 8 }}
      pagination={false}
      dataSource={results}
      columns={[
        { title: t('library.col.name'), dataIndex: 'fileId', render: (id: number) => names.get(id) ?? `#${id}` },
        {
          title: t('library.result.title'),
          dataIndex: 'ok',
          width: 120,
          render: (ok: boolean, r) => (
            <Tag color={ok ? 'success' : 'error'} id={`library-archive-result-${r.fileId}`}>
              {t(ok ? 'library.result.ok' : 'library.result.failed')}
            </Tag>
          ),
        },
        { title: t('library.result.reason'), dataIndex: 'msg', render: (msg: string | null) => msg ?? '' },
      ]}
    />
  );
}
