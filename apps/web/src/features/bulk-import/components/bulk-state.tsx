import { useTranslation } from 'react-i18next';
import type { BulkImportView } from '@edoc/contract/bulk-import';
import { ImportStateTag } from '../../../components/import-state-tag';

/** A bulk import's state, with the running step's progress while a job works on it. */
export function BulkStateTag({ item, id }: { item: Pick<BulkImportView, 'state' | 'progress'>; id?: string }) {
  const { t } = useTranslation();
  return (
    <ImportStateTag state={item.state} progress={item.progress} label={t(`bulkImport.state.${item.state}`)} id={id} />
  );
}
