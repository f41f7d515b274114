import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocStatus } from '@edoc/contract/enums';

/** Colours by where the document stands: work to do (blue/orange), waiting (gold), done (green), going (red). */
const COLORS: Record<number, string> = {
  [DocStatus.Editing]: 'blue',
  [DocStatus.WaitingReceive]: 'gold',
  [DocStatus.InReview]: 'orange',
  [DocStatus.InQc]: 'orange',
  [DocStatus.InApproval]: 'orange',
  [DocStatus.Archived]: 'green',
  [DocStatus.WaitingActivation]: 'cyan',
  [DocStatus.Processed]: 'purple',
  [DocStatus.DeletionInApproval]: 'red',
};

/**
 * A document status (SPEC §4, 1–9) as a coloured tag with its label, the same in the workspace, the library and the
 * viewer; `children` says more than the label where a list knows more (the library's "waiting from <date>").
 */
export function StatusTag({ status, id, children }: { status: number; id?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    // A long label wraps inside the tag rather than spill over the next column.
    <Tag id={id} color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {children ?? t(`document.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
