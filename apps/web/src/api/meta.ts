import type { DeploymentMeta } from '@guichet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export type Meta = DeploymentMeta;

const fallback: Meta = {
  brandName: 'Guichet',
  environment: 'production',
  termsVersion: 1,
  appStoreUrl: 'https://apps.apple.com/fr',
  playStoreUrl: 'https://play.google.com/store/apps',
  socialLinks: [],
};

/** Deployment facts (brand name, environment) from the server. */
export function useMeta(): Meta {
  const { data } = useQuery({ queryKey: ['meta'], queryFn: () => api<Meta>('GET', '/meta'), staleTime: Infinity });
  return data ?? fallback;
}
