import type { TemplateBody, TemplateItem } from '@edoc/contract/template';
import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { templateRoutes } from '@edoc/contract/template-routes';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** Keys carry the managed company: a company administrator may switch companies within one tab. */
const TEMPLATES = ['templates'] as const;

/** The shipped templates and the company's own of some types ("1" or "2,3,4"); the project form uses it too. */
export const templatesQuery = (companyId: number | null, types: string) =>
  queryOptions({
    queryKey: [...TEMPLATES, companyId, 'list', types],
    queryFn: () => call(templateRoutes.list, { query: { type: types } }),
  });

export function useTemplates(types: string) {
  return useQuery(templatesQuery(useSession().companyId, types));
}

export function useTemplateDetail(id: number | undefined, enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: [...TEMPLATES, companyId, 'detail', id ?? 0],
    queryFn: () => call(templateRoutes.detail, { params: { id } }),
    enabled: enabled && id !== undefined,
  });
}

/** After a change, an import or a delete every template query refreshes (lists, details, the project form's). */
export function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEMPLATES });
}

/** Create (no id) or update a template. */
export function useSaveTemplate(meta?: MutationMeta) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: TemplateBody }) =>
      id ? call(templateRoutes.update, { params: { id }, body }) : call(templateRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (template: TemplateItem) => call(templateRoutes.delete, { params: { id: template.id } }),
    onSuccess: invalidate,
  });
}

/** The template as a workbook (its own name), errors shown the usual way. */
export function useExportTemplate() {
  return useMutation({
    mutationFn: (template: TemplateItem) => call(templateRoutes.export, { params: { id: template.id } }),
  });
}
