import type { CreateReportInput } from '@muster/contract/safety';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function createReport(input: CreateReportInput): Promise<void> {
  await api.post('/reports', input);
}

/** Report a person or a thing to the moderators (one report per thing; the server says so on a second). */
export function useCreateReportMutation() {
  return useMutation({ mutationFn: createReport });
}
