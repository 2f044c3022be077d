import type { Mission } from '@muster/contract/missions';
import { type MutationFilters, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending } from '../../../lib/optimistic';
import { missionKeys, missionMutationKeys } from './mission-keys';

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

/**
 * Follow or unfollow: the button flips at once, and rolls back if the server says no. Fast taps
 * settle on the last (decision 057): they reach the server in order, a rollback is the last
 * pending tap's only, and the missions are refetched once none is pending.
 */
export function useFollowMissionMutation() {
  const queryClient = useQueryClient();
  // The follow taps still pending: on one mission, or on any.
  const pending = (missionId?: string): MutationFilters => ({
    mutationKey: missionMutationKeys.follow,
    predicate: (m) =>
      !missionId || (m.state.variables as { missionId: string } | undefined)?.missionId === missionId,
  });
  const mutation = useMutation({
    mutationKey: missionMutationKeys.follow,
    scope: { id: missionMutationKeys.follow.join('.') },
    mutationFn: setFollowing,
    onMutate: async ({ missionId, follow }) => {
      const detail = missionKeys.detail(missionId);
      await holdQueries(queryClient, { queryKey: detail });
      const previous = queryClient.getQueryData<Mission>(detail);
      if (previous)
        queryClient.setQueryData<Mission>(detail, {
          ...previous,
          following: follow,
          followerCount: previous.followerCount + (follow === previous.following ? 0 : follow ? 1 : -1),
        });
      return { previous };
    },
    onError: (_e, { missionId }, context) => {
      if (context?.previous && isLastPending(queryClient, pending(missionId)))
        queryClient.setQueryData(missionKeys.detail(missionId), context.previous);
    },
    onSettled: () =>
      isLastPending(queryClient, pending())
        ? queryClient.invalidateQueries({ queryKey: missionKeys.all })
        : undefined,
  });
  return {
    ...mutation,
    /** A tap on Follow, read against the mission as cached now: two taps faster than a render still alternate. */
    tap: (mission: Mission, options?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(
        {
          missionId: mission._id,
          follow: !(queryClient.getQueryData<Mission>(missionKeys.detail(mission._id)) ?? mission).following,
        },
        options,
      ),
  };
}
