import type { StudyAlertBody, StudyAlertItem } from '@edoc/contract/alert';
import { api } from '../../lib/api-client';

export const alertKeys = { all: ['user', 'studyAlerts'] as const };

export function fetchStudyAlerts(): Promise<StudyAlertItem[]> {
  return api.get<StudyAlertItem[]>('/user/study_alert');
}

export function saveStudyAlert(body: StudyAlertBody): Promise<{ studyId: number; kinds: StudyAlertItem['kinds'] }> {
  return api.postJson('/user/study_alert/a', body);
}
