import type { TemplateBody, TemplateDetail, TemplateItem } from '@edoc/contract/template';
import { api } from '../../lib/api-client';

/** Keys carry the managed company: a company administrator may switch companies within one tab. */
export const templateKeys = {
  all: ['templates'] as const,
  list: (companyId: number | null, types: string) => ['templates', companyId, 'list', types] as const,
  detail: (companyId: number | null, id: number) => ['templates', companyId, 'detail', id] as const,
};

/** types: "1" or "2,3,4". */
export const listTemplates = (types: string) => api.get<TemplateItem[]>('/template/list', { type: types });
export const getTemplate = (id: number) => api.get<TemplateDetail>(`/template/${id}`);
export const createTemplate = (body: TemplateBody) => api.postJson<{ id: number }>('/template/create', body);
export const updateTemplate = (id: number, body: TemplateBody) => api.postJson<null>(`/template/update/${id}`, body);
export const deleteTemplate = (id: number) => api.postJson<null>(`/template/delete/${id}`);
export const exportTemplate = (id: number) => api.blob(`/template/${id}/export`);
