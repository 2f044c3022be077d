import type { SetRoleInput, StaffPerson } from '@muster/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session-keys';
import { adminKeys } from './admin-keys';

type Result = { person: StaffPerson; message: string };

export async function setRole(userId: string, body: SetRoleInput): Promise<Result> {
  return (await api.put<{ data: Result }>(`/admin/users/${encodeURIComponent(userId)}/role`, body)).data;
}

/**
 * Sets someone's role. The staff list, the search results and the log all change; and if it was
 * the admin's own role, the session too (the shell's entries, and these pages' own access).
 */
export function useSetRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: SetRoleInput }) => setRole(userId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
