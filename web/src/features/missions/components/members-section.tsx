import type { Member } from '@muster/contract/missions';
import { Handshake, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Members } from '../api/get-members';
import { Avatar } from '../../../components/avatar';

const name = (m: Member) => `${m.user.firstName} ${m.user.lastName}`.trim() || `@${m.user.username}`;

function Group({
  title,
  icon: Icon,
  count,
  people,
  empty,
}: {
  title: string;
  icon: typeof Users;
  count: number;
  people: Member[] | undefined;
  empty: string;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Icon className="size-4 text-slate-500" aria-hidden="true" /> {title}{' '}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {count}
        </span>
      </h3>
      {people === undefined ? (
        <div className="mt-2 flex animate-pulse gap-1" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <span key={i} className="size-9 rounded-full bg-slate-200" />
          ))}
        </div>
      ) : people.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {people.map((m) => (
            <li key={m.user._id}>
              <Link
                to={paths.profile(m.user.username)}
                className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm text-slate-800 hover:bg-slate-50"
              >
                <Avatar person={m.user} className="size-7" /> {name(m)}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      )}
    </div>
  );
}

/** Partners and collaborators, with their counts and pictures. */
export function MembersSection({
  members,
  partnersCount,
  collaboratorsCount,
}: {
  members: Members | undefined;
  partnersCount: number;
  collaboratorsCount: number;
}) {
  return (
    <section
      aria-labelledby="members-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
        People
      </h2>
      <div className="mt-3 space-y-4">
        <Group
          title="Partners"
          icon={Handshake}
          count={partnersCount}
          people={members?.partners}
          empty="No partners yet."
        />
        <Group
          title="Collaborators"
          icon={Users}
          count={collaboratorsCount}
          people={members?.collaborators}
          empty="No collaborators yet."
        />
      </div>
    </section>
  );
}
