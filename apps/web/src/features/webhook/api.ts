import type { WebhookCreateBody, WebhookUpdateBody } from '@edoc/contract/webhook';
import { webhookRoutes } from '@edoc/contract/webhook-routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * Webhooks (issue 29 part 5). One page serves two owners: the entered project's hooks (its administrator) and the
 * company's (the company administrator, who names no company: the server takes the caller's own). Keys carry the
 * owner, the project or company, so switching either never shows the other's list.
 */
export type WebhookScope = 'project' | 'company';
const HOOKS = ['webhooks'] as const;
const SETTINGS = ['webhook-settings'] as const;

function useOwnerKey(scope: WebhookScope) {
  const { companyId, projectId } = useSession();
  return [...HOOKS, scope, scope === 'project' ? projectId : companyId] as const;
}

/** The hooks with their state and last delivery; refreshed every 15 s (the worker round's pace). */
export function useWebhooks(scope: WebhookScope) {
  return useQuery({
    queryKey: useOwnerKey(scope),
    queryFn: () => (scope === 'project' ? call(webhookRoutes.projectList) : call(webhookRoutes.companyList)),
    refetchInterval: 15_000,
  });
}

/** One hook's delivery log, newest first, paged; refreshed while open so a re-send's answer appears. */
export function useDeliveries(scope: WebhookScope, id: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...useOwnerKey(scope), 'deliveries', id, page, pageSize],
    queryFn: () => call(webhookRoutes[scope].deliveries, { params: { id: id! }, query: { page, pageSize } }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: HOOKS });
}

/** A new hook (answers its secret, shown once) or one changed (URL, events, on or off). */
export function useSaveWebhook(scope: WebhookScope, meta?: MutationMeta) {
  const invalidate = useInvalidate();
  return useMutation({
    meta,
    mutationFn: async (input: { id: number; body: WebhookUpdateBody } | { id?: undefined; body: WebhookCreateBody }) =>
      input.id === undefined
        ? call(webhookRoutes[scope].create, { body: input.body })
        : (await call(webhookRoutes[scope].update, { params: { id: input.id }, body: input.body }), null),
    onSuccess: invalidate,
  });
}

/** Delete, resume a paused hook, send the test event: each names only the hook. */
export function useWebhookAction(scope: WebhookScope, action: 'remove' | 'resume' | 'test') {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      if (action === 'test') await call(webhookRoutes[scope].test, { params: { id } });
      else await call(webhookRoutes[scope][action], { params: { id } });
    },
    onSuccess: invalidate,
  });
}

/** A new signing secret, answered once. */
export function useRotateSecret(scope: WebhookScope) {
  return useMutation({ mutationFn: (id: number) => call(webhookRoutes[scope].rotate, { params: { id } }) });
}

/** Sends one delivery of the hook again, as a new delivery of the same event. */
export function useResend(scope: WebhookScope) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      call(webhookRoutes[scope].resend, { params: { id }, body: { deliveryId } }),
    onSuccess: invalidate,
  });
}

/** The system setting (system administrator). */
export function useWebhookSettings() {
  return useQuery({ queryKey: SETTINGS, queryFn: () => call(webhookRoutes.settings) });
}

export function useSaveWebhookSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowPrivateTargets: boolean) => call(webhookRoutes.saveSettings, { body: { allowPrivateTargets } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS }),
  });
}
