import type { JoinRequest } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export type Answer = 'approve' | 'decline';

/** PUT /missions/:missionId/join-requests/:requestId/approve and …/decline. */
export async function answerJoinRequest({
  request,
  answer,
}: {
  request: JoinRequest;
  answer: Answer;
}): Promise<void> {
  await api.put(
    `/missions/${encodeURIComponent(request.mission._id)}/join-requests/${encodeURIComponent(request._id)}/${answer}`,
  );
}

/** Approve or decline: the request leaves the list at once; the members and badge refresh. */
export function useAnswerJoinRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerJoinRequest,
    onSuccess: (_data, { request }) => {
      queryClient.setQueryData<JoinRequest[]>(missionKeys.joinRequests, (list) =>
        list?.filter((r) => r._id !== request._id),
      );
      return queryClient.invalidateQueries({ queryKey: missionKeys.all });
    },
  });
}
