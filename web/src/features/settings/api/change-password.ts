import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<string> {
  return (await api.put<{ data: { message: string } }>('/users/me/password', input)).data.message;
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
