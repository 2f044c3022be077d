import type { MissionSummary } from '@muster/contract/missions';
import {
  DEFAULT_MISSION_PHOTO,
  missionTypeBadge,
  UNTITLED_MISSION,
} from '@muster/contract/missions-constants';
import { Handshake, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Spec §3: a mission without a title shows 'Untitled Mission'; without a photo, the default one. */
export const missionTitle = (m: { title?: string | null }) => m.title?.trim() || UNTITLED_MISSION;
export const missionPhoto = (m: { photo?: string | null }) => m.photo || DEFAULT_MISSION_PHOTO;

/** 'Collab' or 'Partner' (spec §2). */
export function TypeBadge({ type }: { type: MissionSummary['type'] }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${type === 'partnership' ? 'bg-violet-50 text-violet-700 ring-violet-200' : 'bg-brand-50 text-brand-700 ring-brand-200'}`}
    >
      {missionTypeBadge[type]}
    </span>
  );
}

export function StatusBadge({ status }: { status: MissionSummary['status'] }) {
  return status === 'completed' ? (
    <span className="inline-flex shrink-0 items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
      Completed
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      Ongoing
    </span>
  );
}

/** One mission in a list: photo, title, badge, partner and collaborator counts; `actions` beside it. */
export function MissionRow({ mission, actions }: { mission: MissionSummary; actions?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Link to={paths.mission(mission._id)} className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <img
          src={missionPhoto(mission)}
          alt=""
          className="size-14 shrink-0 rounded-xl bg-slate-100 object-cover"
        />
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold text-slate-900 hover:underline">
              {missionTitle(mission)}
            </span>
            <TypeBadge type={mission.type} />
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1">
              <Handshake className="size-3.5" aria-hidden="true" /> {mission.partnersCount}{' '}
              {mission.partnersCount === 1 ? 'partner' : 'partners'}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden="true" /> {mission.collaboratorsCount}{' '}
              {mission.collaboratorsCount === 1 ? 'collaborator' : 'collaborators'}
            </span>
            {mission.status === 'completed' && <span>Completed</span>}
          </span>
        </span>
      </Link>
      {actions && <div className="flex shrink-0 items-center gap-2 pl-[4.25rem] sm:pl-0">{actions}</div>}
    </li>
  );
}

/** Mission rows still loading. */
export function MissionRowsSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <ul className="divide-y divide-slate-100" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex animate-pulse items-center gap-3 py-3" aria-hidden="true">
          <div className="size-14 shrink-0 rounded-xl bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-48 max-w-full rounded bg-slate-200" />
            <div className="h-3 w-32 max-w-full rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The frame of a missions list page: a heading, a short line, and a white card. */
export function PageFrame({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </div>
  );
}

export const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
export const fieldStyle =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
export const labelStyle = 'block text-sm font-medium text-slate-700';
