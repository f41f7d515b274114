import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskKind } from '@edoc/contract/workflow';

/** One colour per task state, so a long list can be scanned by what it asks of the user. */
export const KIND_COLOR: Record<TaskKind, string> = {
  receive: 'cyan',
  edit: 'blue',
  rejected: 'volcano',
  review: 'gold',
  qc: 'purple',
  approve: 'geekblue',
  archive: 'green',
  deleteApproval: 'magenta',
  qualityIssue: 'red',
  qualityVerify: 'orange',
};

/** Tasks that batch passing accepts (POST /file/batch/a pass): the stage decisions. */
export const PASSABLE: readonly TaskKind[] = ['review', 'qc', 'approve'];

/** Pending rows say what waits ("waiting for review"); processed rows what the task was ("review"). */
export function TaskKindTag({ kind, done = false, id }: { kind: TaskKind; done?: boolean; id?: string }) {
  const { t } = useTranslation();
  return (
    <Tag id={id} color={KIND_COLOR[kind]} style={{ marginInlineEnd: 0 }}>
      {t(done ? `task.processedKind.${kind}` : `task.kind.${kind}`)}
    </Tag>
  );
}
