import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportSummary as Summary } from '@edoc/contract/exchange-import';

const PREVIEW = [
  'objects',
  'versions',
  'files',
  'problems',
  'blocking',
  'conflicts',
  'accepted',
  'skipped',
  'undecided',
];
const FILED = ['objects', 'accepted', 'filed', 'failed', 'skipped'];

/** The import's counts: what the preview found, or (filing and after) what was filed. */
export function ImportSummary({ summary, filing }: { summary: Summary; filing: boolean }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      id="exchange-import-summary"
      size="small"
      column={{ xs: 2, sm: 3, md: 5 }}
      items={(filing ? FILED : PREVIEW).map((key) => ({
        key,
        label: t(`exchangeImport.summary.${key}`),
        children: <span id={`exchange-summary-${key}`}>{summary[key as keyof Summary]}</span>,
      }))}
    />
  );
}
