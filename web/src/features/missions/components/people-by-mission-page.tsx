import type { MemberRole } from '@muster/contract/missions';
import { Handshake, Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { paths } from '../../../lib/paths';
import { useMembersOfMissions } from '../api/get-members';
import { useMyMissionsQuery } from '../api/get-my-missions';
import { card, missionPhoto, missionTitle, PageFrame, TypeBadge } from './mission-bits';

const copy: Record<
  MemberRole,
  { title: string; intro: string; empty: string; icon: typeof Users; key: 'partners' | 'collaborators' }
> = {
  partner: {
    title: 'Partners',
    intro: 'People and organisations co-leading missions with you, by mission.',
    empty: 'No partners yet',
    icon: Handshake,
    key: 'partners',
  },
  collaborator: {
    title: 'Collaborators',
    intro: 'People helping on missions you are part of, by mission.',
    empty: 'No collaborators yet',
    icon: Users,
    key: 'collaborators',
  },
};

/**
 * /partners and /collaborators: the people I share missions with in that role, grouped by mission
 * (my missions from GET /missions/mine, each one's members from GET /missions/:id/members).
 * I am left out of my own lists.
 */
export function PeopleByMissionPage({ role, viewerId }: { role: MemberRole; viewerId: string }) {
  const c = copy[role];
  const mine = useMyMissionsQuery();
  const missions = mine.data?.pages.flatMap((p) => p.data) ?? [];
  const members = useMembersOfMissions(missions.map((m) => m._id));
  const loading = mine.isPending || members.some((q) => q.isPending);
  const groups = missions
    .map((m, i) => ({
      mission: m,
      people: (members[i]?.data?.[c.key] ?? []).filter((p) => p.user._id !== viewerId),
    }))
    .filter((g) => g.people.length);

  return (
    <PageFrame title={c.title} intro={c.intro}>
      {loading ? (
        <div className={card}>
          <PersonRowsSkeleton label={`Loading ${c.title.toLowerCase()}`} />
        </div>
      ) : mine.isError || members.some((q) => q.isError) ? (
        <p role="alert" className={`${card} text-sm text-red-600`}>
          Failed to load missions. Please try again.
        </p>
      ) : !groups.length ? (
        <div className={card}>
          <EmptyState icon={c.icon} title={c.empty}>
            {missions.length ? 'When people join your missions as ' : 'Start or join a mission; its '}
            {c.title.toLowerCase()} {missions.length ? 'they appear here.' : 'appear here.'}{' '}
            <Link to={paths.createMission} className="font-medium text-brand-700 hover:underline">
              Start a mission
            </Link>
          </EmptyState>
        </div>
      ) : (
        groups.map(({ mission, people }) => (
          <section key={mission._id} className={card} aria-labelledby={`group-${mission._id}`}>
            <Link to={paths.mission(mission._id)} className="flex items-center gap-3">
              <img
                src={missionPhoto(mission)}
                alt=""
                className="size-10 rounded-lg bg-slate-100 object-cover"
              />
              <h2
                id={`group-${mission._id}`}
                className="min-w-0 truncate font-semibold text-slate-900 hover:underline"
              >
                {missionTitle(mission)}
              </h2>
              <TypeBadge type={mission.type} />
              <span className="ml-auto shrink-0 text-sm text-slate-500">{people.length}</span>
            </Link>
            <ul className="mt-2 divide-y divide-slate-100">
              {people.map((p) => (
                <PersonRow key={p.user._id} user={p.user} />
              ))}
            </ul>
          </section>
        ))
      )}
    </PageFrame>
  );
}

/** /partners */
export function PartnersPage({ viewerId }: { viewerId: string }) {
  return <PeopleByMissionPage role="partner" viewerId={viewerId} />;
}

/** /collaborators */
export function CollaboratorsPage({ viewerId }: { viewerId: string }) {
  return <PeopleByMissionPage role="collaborator" viewerId={viewerId} />;
}
