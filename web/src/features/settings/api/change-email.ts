import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function changeEmail(input: { newEmail: string; currentPassword: string }): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/users/change-email', input)).data.message;
}

export function useChangeEmailMutation() {
  return useMutation({ mutationFn: changeEmail });
}
