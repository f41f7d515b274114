import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { trailRoutes } from '@edoc/contract/trail-routes';
import { call } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { useProjectKey, type ProjectKey } from '../../lib/project-query';

export interface TrailFilters {
  userId?: number;
  type?: number;
  fileId?: number;
  startDate?: string;
  endDate?: string;
}

/** One page of the entered project's trail (the operation trajectory), newest first. */
export const projectTrailQuery = (project: ProjectKey, filters: TrailFilters, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...project, 'audit', 'project', filters, pageNum, pageSize],
    queryFn: () => call(trailRoutes.list, { query: { ...filters, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });

export function useProjectTrail(filters: TrailFilters, pageNum: number, pageSize: number) {
  return useQuery(projectTrailQuery(useProjectKey(), filters, pageNum, pageSize));
}

/** One document's trail, oldest first. */
export const fileTrailQuery = (project: ProjectKey, fileId: number) =>
  queryOptions({
    queryKey: [...project, 'audit', 'file', fileId],
    queryFn: () => call(trailRoutes.fileTrail, { query: { fileId } }),
  });

export function useFileTrail(fileId: number, enabled: boolean) {
  return useQuery({ ...fileTrailQuery(useProjectKey(), fileId), enabled });
}

/** Downloads the filtered trajectory as CSV or Excel. */
export function useExportTrail(filters: TrailFilters) {
  return useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => call(trailRoutes.export, { query: { ...filters, format } }),
    onSuccess: (blob, format) => saveBlob(blob, `trail-${new Date().toISOString().slice(0, 10)}.${format}`),
  });
}
