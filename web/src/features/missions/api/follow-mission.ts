import type { Mission } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export async function setFollowing({
  missionId,
  follow,
}: {
  missionId: string;
  follow: boolean;
}): Promise<void> {
  const url = `/missions/${encodeURIComponent(missionId)}/follow`;
  await (follow ? api.post(url) : api.delete(url));
}

/** Follow or unfollow: the button flips at once, and rolls back if the server says no. */
export function useFollowMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onMutate: ({ missionId, follow }) => {
      const previous = queryClient.getQueryData<Mission>(missionKeys.detail(missionId));
      if (previous)
        queryClient.setQueryData<Mission>(missionKeys.detail(missionId), {
          ...previous,
          following: follow,
          followerCount: previous.followerCount + (follow ? 1 : -1),
        });
      return { previous };
    },
    onError: (_e, { missionId }, context) => {
      if (context?.previous) queryClient.setQueryData(missionKeys.detail(missionId), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: missionKeys.all }),
  });
}
