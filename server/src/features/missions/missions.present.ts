import {
  DEFAULT_MISSION_PHOTO,
  type JoinRequest,
  type Member,
  type Mission,
  type MissionSummary,
  UNTITLED_MISSION,
} from '@muster/contract/missions';
import type { PublicUser } from '@muster/contract/users';
import type { JsonText } from '../../platform/json-text.js';
import type { JoinRequestRow, MemberRow, MissionPageRow, MissionRow } from './missions.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const card = (text: string) => JSON.parse(text) as PublicUser;

/** A mission card (spec §3 Mission): a blank title reads 'Untitled Mission', no photo the default one. */
export function presentMissionSummary(m: MissionRow): MissionSummary {
  return {
    _id: m.id,
    title: m.title.trim() || UNTITLED_MISSION,
    photo: m.photo ?? DEFAULT_MISSION_PHOTO,
    type: m.type,
    category: m.category,
    location: m.location,
    status: m.status,
    owner: card(m.ownerCard),
    partnersCount: m.partnersCount,
    collaboratorsCount: m.collaboratorsCount,
    updateCount: m.updateCount,
    followerCount: m.followerCount,
    createdAt: iso(m.createdAt),
  };
}

/**
 * The same card as JSON text, for lists: the owner's card is already text (decision 010), so a
 * page of twenty goes out without parsing twenty cards only to write them again.
 */
export function missionSummaryText(m: MissionRow): JsonText {
  const text = JSON.stringify;
  return (`{"_id":${text(m.id)},"title":${text(m.title.trim() || UNTITLED_MISSION)},"photo":${text(m.photo ?? DEFAULT_MISSION_PHOTO)}` +
    `,"type":${text(m.type)},"category":${text(m.category)},"location":${text(m.location)},"status":${text(m.status)}` +
    `,"owner":${m.ownerCard},"partnersCount":${m.partnersCount},"collaboratorsCount":${m.collaboratorsCount}` +
    `,"updateCount":${m.updateCount},"followerCount":${m.followerCount},"createdAt":${text(iso(m.createdAt))}}`) as JsonText;
}

/** The mission page: where the viewer stands, and what they may do there. */
export function presentMission(m: MissionPageRow): Mission {
  const role = m.role ?? 'none';
  const member = m.role !== null;
  const ongoing = m.status === 'ongoing';
  return {
    ...presentMissionSummary(m),
    description: m.description,
    mapLocation: (m.mapLocation as Mission['mapLocation']) ?? null,
    visibility: m.visibility,
    role,
    following: m.following,
    joinRequest: m.requested ? 'pending' : 'none',
    chatId: member ? m.chatId : null,
    can: {
      edit: role === 'owner',
      join: !member && !m.requested && ongoing,
      leave: member && role !== 'owner',
      postUpdate: member && ongoing,
      manageTasks: member,
      approveRequests: role === 'owner' || role === 'partner',
    },
  };
}

export function presentJoinRequest(r: JoinRequestRow): JoinRequest {
  return {
    _id: r.id,
    mission: {
      _id: r.missionId,
      title: r.missionTitle.trim() || UNTITLED_MISSION,
      photo: r.missionPhoto ?? DEFAULT_MISSION_PHOTO,
    },
    user: card(r.userCard),
    role: r.role,
    message: r.message,
    createdAt: iso(r.createdAt),
  };
}

export function presentMember(r: MemberRow): Member {
  return { user: card(r.userCard), role: r.role, joinedAt: iso(r.joinedAt) };
}
