import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export type PickableMission = { _id: string; title: string; updateCount: number };
export type PickerMode = 'reference' | 'update';

const urls: Record<PickerMode, string> = {
  reference: '/chats/ongoing-missions/me',
  update: '/posts/user/mission-posts-with-updates',
};

export async function getMyMissions(mode: PickerMode): Promise<PickableMission[]> {
  return (await api.get<{ data: PickableMission[] }>(urls[mode])).data;
}

export function useMyMissionsQuery(mode: PickerMode, enabled: boolean) {
  return useQuery({ queryKey: postKeys.missionPicker(mode), queryFn: () => getMyMissions(mode), enabled });
}
