import type { SignupInput } from '@muster/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Asks for an account; the answer is where the mail went, the same whether or not the address
 * already has an account (decision 011). Nobody is signed in until they sign in.
 */
export async function signup(input: SignupInput): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/signup', input)).data.message;
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}
