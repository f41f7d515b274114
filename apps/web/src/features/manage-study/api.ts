import type { ProjectItem, StudySettingsBody } from '@edoc/contract/project';
import { api } from '../../lib/api-client';

export const studySettingsKeys = { all: ['study-settings'] as const };

/** The entered project's settings (project administrator). */
export function getStudySettings(): Promise<ProjectItem> {
  return api.get<ProjectItem>('/manage/study');
}

export function updateStudySettings(body: StudySettingsBody): Promise<unknown> {
  return api.postJson<unknown>('/manage/study/update', body);
}
