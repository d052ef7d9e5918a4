import type {
  ApiTokenCreated,
  ApiTokenInput,
  ApiTokenSummary,
  WebhookCreated,
  WebhookDelivery,
  WebhookInput,
  WebhookSummary,
  WebhookUpdate,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const apiTokensKey = ['integrations', 'api-tokens'] as const;
export const webhooksKey = ['integrations', 'webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksKey, id, 'deliveries'] as const;

/** The organiser's live API tokens (settings), never the tokens themselves. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: () => api<ApiTokenSummary[]>('GET', '/me/api-tokens') });
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api<ApiTokenCreated>('POST', '/me/api-tokens', input),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/me/api-tokens/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => api<WebhookSummary[]>('GET', '/me/webhooks') });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => api<WebhookCreated>('POST', '/me/webhooks', input),
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: WebhookUpdate & { id: string }) =>
      api<void>('PATCH', `/me/webhooks/${encodeURIComponent(id)}`, input),
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/me/webhooks/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<WebhookDelivery>('POST', `/me/webhooks/${encodeURIComponent(id)}/test`),
    onSettled: (_data, _error, id) => client.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

/** The endpoint's last deliveries, read when its log is opened. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api<WebhookDelivery[]>('GET', `/me/webhooks/${encodeURIComponent(id)}/deliveries`),
    enabled,
  });
}
