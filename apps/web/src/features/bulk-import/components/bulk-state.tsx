import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkImportState, BulkImportView } from '@edoc/contract/bulk-import';
import { RUNNING } from '../api';

const COLOR: Record<BulkImportState, string> = {
  uploaded: 'processing',
  validating: 'processing',
  preview: 'blue',
  filing: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A bulk import's state, with the running step's progress while a job works on it. */
export function BulkStateTag({ item, id }: { item: Pick<BulkImportView, 'state' | 'progress'>; id?: string }) {
  const { t } = useTranslation();
  const label = t(`bulkImport.state.${item.state}`);
  return (
    <Space size={4} id={id}>
      <Tag color={COLOR[item.state]}>{label}</Tag>
      {RUNNING.has(item.state) ? (
        <Progress percent={item.progress} size="small" style={{ width: 80 }} aria-label={label} />
      ) : null}
    </Space>
  );
}
