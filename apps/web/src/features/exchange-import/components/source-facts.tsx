import { Alert, Descriptions, Empty, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentSource } from '@edoc/contract/exchange-import';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useDocumentSource } from '../api';

type Signature = DocumentSource['signatures'][number];
type AuditRecord = DocumentSource['auditRecords'][number];

const dash = (value: string | null) => value ?? '—';

/**
 * The document panel's Source tab (issue 28 part 2): where an imported document came from, and what its source
 * system recorded — signatures and audit records. They are that system's facts, kept apart from edoc's own
 * e-signatures and trail, and each table says so in its heading.
 */
export function SourceFacts({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const source = useDocumentSource(documentId);
  if (source.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (source.isError) return <Alert type="error" showIcon title={source.error.message} />;
  const data = source.data;
  const system = data.sourceSystem ?? t('exchangeImport.sourceFacts.unknownSystem');
  return (
    <div id="document-source">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'system', label: t('exchangeImport.sourceFacts.system'), children: system },
          {
            key: 'import',
            label: t('exchangeImport.sourceFacts.import'),
            children:
              data.importId === null ? (
                '—'
              ) : (
                <Link id="document-source-import" to={`${paths.project.exchangeImport}/${data.importId}`}>
                  #{data.importId}
                </Link>
              ),
          },
          { key: 'object', label: t('exchangeImport.sourceFacts.objectId'), children: dash(data.sourceObjectId) },
        ]}
      />
      <Typography.Title level={5} id="document-source-signatures-title">
        {t('exchangeImport.sourceFacts.signatures', { source: system })}
      </Typography.Title>
      <Table<Signature>
        id="document-source-signatures"
        aria-labelledby="document-source-signatures-title"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.signatures}
        scroll={{ x: 520 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exchangeImport.sourceFacts.noSignatures')} />
          ),
        }}
        columns={[
          {
            title: t('exchangeImport.sourceFacts.signer'),
            key: 'signer',
            render: (_: unknown, s) => <span title={s.userOid ?? undefined}>{s.name ?? s.userOid ?? '—'}</span>,
          },
          { title: t('exchangeImport.sourceFacts.meaning'), dataIndex: 'reason', render: dash },
          { title: t('exchangeImport.sourceFacts.time'), dataIndex: 'signedAt', width: 140, render: formatDateTime },
          { title: t('exchangeImport.sourceFacts.methodology'), dataIndex: 'methodology', width: 110, render: dash },
          { title: t('exchangeImport.sourceFacts.version'), dataIndex: 'versionNo', width: 70, render: dash },
        ]}
      />
      <Typography.Title level={5} id="document-source-audit-title" style={{ marginTop: 16 }}>
        {t('exchangeImport.sourceFacts.audit', { source: system })}
      </Typography.Title>
      {data.auditTotal > data.auditRecords.length ? (
        <Typography.Paragraph type="secondary" id="document-source-audit-more">
          {t('exchangeImport.sourceFacts.auditMore', { shown: data.auditRecords.length, total: data.auditTotal })}
        </Typography.Paragraph>
      ) : null}
      <Table<AuditRecord>
        id="document-source-audit"
        aria-labelledby="document-source-audit-title"
        rowKey="id"
        size="small"
        dataSource={data.auditRecords}
        pagination={data.auditRecords.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 520 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exchangeImport.sourceFacts.noAudit')} />
          ),
        }}
        columns={[
          { title: t('exchangeImport.sourceFacts.time'), dataIndex: 'at', width: 140, render: formatDateTime },
          {
            title: t('exchangeImport.sourceFacts.user'),
            dataIndex: 'userRef',
            width: 140,
            ellipsis: true,
            render: dash,
          },
          { title: t('exchangeImport.sourceFacts.type'), dataIndex: 'entryType', width: 80, render: dash },
          { title: t('exchangeImport.sourceFacts.event'), dataIndex: 'event', render: dash },
        ]}
      />
    </div>
  );
}
