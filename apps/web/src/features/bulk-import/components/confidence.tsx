import { Tag, Tooltip } from 'antd';
import { BULK_LOW_CONFIDENCE } from '@edoc/contract/bulk-import';
import { useTranslation } from 'react-i18next';

/** Where the bands begin: 75 % or more is high; under the contract's low mark (the rows' low filter) is low. */
const HIGH = 0.75;
const MEDIUM = BULK_LOW_CONFIDENCE;

export type ConfidenceBand = 'high' | 'medium' | 'low';

export function bandOf(confidence: number): ConfidenceBand {
  if (confidence >= HIGH) return 'high';
  if (confidence >= MEDIUM) return 'medium';
  return 'low';
}

const COLOR: Record<ConfidenceBand, string> = { high: 'green', medium: 'gold', low: 'red' };

/**
 * How sure a suggestion is, in words and number ("Low (32%)"), with its reason on hover and on keyboard focus (the
 * tag takes focus, and the reason is its description for a screen reader too).
 */
export function Confidence({ value, why, id }: { value: number; why: string | null; id: string }) {
  const { t } = useTranslation();
  const band = bandOf(value);
  const reason = why ? t('bulkImport.confidence.why', { why }) : t('bulkImport.confidence.noWhy');
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <Tag id={id} color={COLOR[band]} tabIndex={0} aria-description={reason}>
        {t('bulkImport.confidence.of', {
          level: t(`bulkImport.confidence.${band}`),
          value: Math.round(value * 100),
        })}
      </Tag>
    </Tooltip>
  );
}
