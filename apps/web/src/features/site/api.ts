import type { SiteBody, SiteItem } from '@edoc/contract/site';
import { api } from '../../lib/api-client';

export const siteKeys = {
  all: ['sites'] as const,
  list: ['sites', 'list'] as const,
};

/** The entered project's sites (any member may read them: pickers use this too). */
export function listSites(): Promise<SiteItem[]> {
  return api.get<SiteItem[]>('/site/list');
}

export function createSite(body: SiteBody): Promise<{ siteId: number }> {
  return api.postJson<{ siteId: number }>('/site/create', body);
}

export function updateSite(siteId: number, body: SiteBody): Promise<unknown> {
  return api.postJson<unknown>(`/site/update/${siteId}`, body);
}

export function deleteSite(siteId: number): Promise<unknown> {
  return api.postJson<unknown>(`/site/delete/${siteId}`);
}
