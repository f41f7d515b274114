import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkSummary as Summary } from '@edoc/contract/bulk-import';

const PREVIEW = ['files', 'problems', 'lowConfidence', 'accepted', 'skipped', 'undecided'] as const;
const FILED = ['files', 'accepted', 'filed', 'failed', 'skipped'] as const;

/** The import's counts: what the preview found, or (filing and after) what was filed. */
export function BulkSummary({ summary, filing }: { summary: Summary; filing: boolean }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      id="bulk-import-summary"
      size="small"
      column={{ xs: 2, sm: 3, md: 6 }}
      items={(filing ? FILED : PREVIEW).map((key) => ({
        key,
        label: t(`bulkImport.summary.${key}`),
        children: <span id={`bulk-summary-${key}`}>{summary[key]}</span>,
      }))}
    />
  );
}
