import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export type AuthProviders = {
  oidc: { label: string; url: string } | null;
  demo: { username: string; password: string } | null;
};

export async function getAuthProviders(): Promise<AuthProviders> {
  return (await api.get<{ data: AuthProviders }>('/auth/providers')).data;
}

/** What the sign-in page may offer: the identity provider's button, and the demo account. */
export function useAuthProvidersQuery() {
  return useQuery({ queryKey: authKeys.providers, queryFn: getAuthProviders, staleTime: Infinity });
}
