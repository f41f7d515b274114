import { Progress, Space, Tag } from 'antd';
import { IMPORT_RUNNING_STATES, type ImportState } from '@edoc/contract/exchange-import';

const COLOR: Record<ImportState, string> = {
  uploaded: 'processing',
  validating: 'processing',
  preview: 'blue',
  filing: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/**
 * An import's state (EMS or bulk: the same exchange_imports states), with the running step's progress while a job
 * works on it. The label comes from the feature, in its own words.
 */
export function ImportStateTag({
  state,
  progress,
  label,
  id,
}: {
  state: ImportState;
  progress: number;
  label: string;
  id?: string;
}) {
  return (
    <Space size={4} id={id}>
      <Tag color={COLOR[state]}>{label}</Tag>
      {IMPORT_RUNNING_STATES.has(state) ? (
        <Progress percent={progress} size="small" style={{ width: 80 }} aria-label={label} />
      ) : null}
    </Space>
  );
}
