import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ImportState as State, ImportView } from '@edoc/contract/exchange-import';
import { RUNNING } from '../api';

const COLOR: Record<State, string> = {
  uploaded: 'processing',
  validating: 'processing',
  preview: 'blue',
  filing: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** An import's state, with the running step's progress while a job works on it. */
export function ImportStateTag({ item, id }: { item: Pick<ImportView, 'state' | 'progress'>; id?: string }) {
  const { t } = useTranslation();
  const label = t(`exchangeImport.state.${item.state}`);
  return (
    <Space size={4} id={id}>
      <Tag color={COLOR[item.state]}>{label}</Tag>
      {RUNNING.has(item.state) ? (
        <Progress percent={item.progress} size="small" style={{ width: 80 }} aria-label={label} />
      ) : null}
    </Space>
  );
}

/** One line for the list: what the preview found, or what the filing did. */
export function summaryLine(item: ImportView, t: TFunction): string {
  const s = item.summary;
  if (item.state === 'done' || item.state === 'filing')
    return t('exchangeImport.doneLine', { filed: s.filed, failed: s.failed, skipped: s.skipped });
  if (item.state === 'failed') return item.error?.message ?? '';
  return t('exchangeImport.summaryLine', { objects: s.objects, problems: s.problems, conflicts: s.conflicts });
}
