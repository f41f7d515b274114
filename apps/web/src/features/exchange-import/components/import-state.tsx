import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ImportView } from '@edoc/contract/exchange-import';
import { ImportStateTag as StateTag } from '../../../components/import-state-tag';

/** An import's state, with the running step's progress while a job works on it. */
export function ImportStateTag({ item, id }: { item: Pick<ImportView, 'state' | 'progress'>; id?: string }) {
  const { t } = useTranslation();
  return (
    <StateTag state={item.state} progress={item.progress} label={t(`exchangeImport.state.${item.state}`)} id={id} />
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
