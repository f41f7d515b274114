import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { RouteStageInput } from '@edoc/contract/workflow-requests';
import { Stage } from '@edoc/contract/workflow';
import type { RoutePreset } from './api';

/** One stage of the send form. Assignees are 'u:<id>' (a person) or 'g:<id>' (a group) in one multi-select. */
export interface StageValues {
  assignees?: string[];
  signatureRequired?: boolean;
  allMustAct?: boolean;
  dueDate?: Dayjs | null;
}

/** The send form's values, by stage number. */
export interface RouteValues {
  stages?: Partial<Record<string, StageValues>>;
}

export const userValue = (id: number) => `u:${id}`;
export const groupValue = (id: number) => `g:${id}`;

const idsOf = (values: readonly string[], prefix: 'u:' | 'g:') =>
  values.filter((v) => v.startsWith(prefix)).map((v) => Number(v.slice(2)));

const asStage = (n: number): Stage | null => (n === Stage.Review || n === Stage.Qc || n === Stage.Approval ? n : null);

/** The route the server takes from the form: the enabled stages in route order. */
export function routeOf(values: RouteValues, stages: readonly number[]): RouteStageInput[] {
  return stages.flatMap((n) => {
    const stage = asStage(n);
    if (stage === null) return [];
    const v = values.stages?.[String(n)] ?? {};
    const assignees = v.assignees ?? [];
    return [
      {
        stage,
        userIds: idsOf(assignees, 'u:'),
        groupIds: idsOf(assignees, 'g:'),
        signatureRequired: !!v.signatureRequired,
        allMustAct: !!v.allMustAct,
        dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : undefined,
      },
    ];
  });
}

/**
 * A route preset's stages as form values, for the stages enabled now. A due date already past is left out: the
 * route may not be due before it is sent.
 */
export function valuesOfPreset(preset: RoutePreset, stages: readonly number[]): RouteValues {
  const out: Partial<Record<string, StageValues>> = {};
  for (const n of stages) {
    const s = preset.stages.find((x) => x.stage === n);
    const due = s?.dueDate ? dayjs(s.dueDate) : null;
    out[String(n)] = {
      assignees: s ? [...s.userIds.map(userValue), ...s.groupIds.map(groupValue)] : [],
      signatureRequired: s?.signatureRequired ?? false,
      allMustAct: s?.allMustAct ?? false,
      dueDate: due && !due.isBefore(dayjs(), 'day') ? due : null,
    };
  }
  return { stages: out };
}
