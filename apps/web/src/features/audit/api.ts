import type { TrailItem } from '@edoc/contract/audit';
import type { Page } from '@edoc/contract/envelope';
import { api } from '../../lib/api-client';

export interface TrailFilters {
  userId?: number;
  type?: number;
  fileId?: number;
  startDate?: string;
  endDate?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  project: (filters: TrailFilters, pageNum: number, pageSize: number) =>
    ['audit', 'project', filters, pageNum, pageSize] as const,
  file: (fileId: number) => ['audit', 'file', fileId] as const,
};

export const listProjectTrail = (filters: TrailFilters, pageNum: number, pageSize: number) =>
  api.get<Page<TrailItem>>('/audit/project/list', { ...filters, pageNum, pageSize });

export const exportProjectTrail = (filters: TrailFilters, format: 'csv' | 'xlsx') =>
  api.blob('/audit/project/export', { ...filters, format });

export const listFileTrail = (fileId: number) => api.get<TrailItem[]>('/audit/find_file_audits', { fileId });
