import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import type { CountryBody } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import { call } from '../../lib/api-client';
import { useProjectKey } from '../../lib/project-query';
import { countryDisplayName } from './iso';

/** "CN 中国": the code and its name in the page's language, or the stored name for a code ISO does not assign. */
export const countryLabel = (country: { code: string; name: string }, lang: string) =>
  `${country.code} ${countryDisplayName(country.code, lang) ?? country.name}`;

/** Under the entered project, so another project's countries never show from the cache. */
const useCountriesKey = () => [...useProjectKey(), 'countries'] as const;

/** The entered project's countries, by code (other features' pickers use this hook: the site form, milestones). */
export function useCountries(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: useCountriesKey(), queryFn: () => call(countryRoutes.list), ...options });
}

/**
 * After a change the whole project refreshes: sites show a country's code, the milestone grid has a group per
 * country.
 */
function useInvalidateProject() {
  const queryClient = useQueryClient();
  const project = useProjectKey();
  return () => queryClient.invalidateQueries({ queryKey: project });
}

/** Create (no id) or update a country. */
export function useSaveCountry(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id?: number; body: CountryBody }) =>
      id ? call(countryRoutes.update, { params: { id }, body }) : call(countryRoutes.create, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCountry(meta?: MutationMeta) {
  const invalidate = useInvalidateProject();
  return useMutation({
    meta,
    mutationFn: (id: number) => call(countryRoutes.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}
