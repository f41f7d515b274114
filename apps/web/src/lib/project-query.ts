import { useSession } from './session';

/**
 * The first part of every query key that belongs to the entered project. Keys carry the project id, so a user who
 * enters another project is never shown this one's sites, roles or documents, even from the cache.
 */
export type ProjectKey = readonly ['project', number | null];

export function useProjectKey(): ProjectKey {
  return ['project', useSession().projectId] as const;
}

/** The prefix that matches every project-scoped query: dropped from the cache when another project is entered. */
export const PROJECT_QUERIES = ['project'] as const;
