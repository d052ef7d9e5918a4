import type { BillingIdentity, BillingIdentityRequest, BillingIdentityState } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const billingKeys = { identity: ['me', 'billing-identity'] as const };

/** The organiser's billing identity (null until given) and, for paid events already on sale, its deadline. */
export function useBillingIdentity(enabled = true) {
  return useQuery({
    queryKey: billingKeys.identity,
    queryFn: () => api<BillingIdentityState>('GET', '/me/billing-identity'),
    enabled,
  });
}

export function useSaveBillingIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingIdentityRequest) => api<BillingIdentity>('PUT', '/me/billing-identity', body),
    onSuccess: (identity) => client.setQueryData<BillingIdentityState>(billingKeys.identity, { identity, dueAt: null }),
  });
}
