import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the bands begin: a suggestion at 75 % or more is high, under 45 % low (the note on the labelled set). */
const HIGH = 0.75;
const MEDIUM = 0.45;

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
