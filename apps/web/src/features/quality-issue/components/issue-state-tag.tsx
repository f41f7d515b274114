import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QualityIssueState } from '@edoc/contract/quality-issue';

/** One colour per state: what still needs someone (open, resolved) stands out from what is closed. */
const STATE_COLOR: Record<QualityIssueState, string> = {
  open: 'red',
  resolved: 'gold',
  verified: 'green',
  waived: 'default',
};

export function IssueStateTag({ state, id }: { state: QualityIssueState; id?: string }) {
  const { t } = useTranslation();
  return (
    <Tag id={id} color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }}>
      {t(`qualityIssue.state.${state}`)}
    </Tag>
  );
}
