import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PersonRow, PersonRowsSkeleton, ShowMore } from '../../../components/person-row';
import { paths } from '../../../lib/paths';
import { usePersonConnectionsQuery } from '../api/get-person-connections';

/** A profile's Connections tab: the person's connections, a page at a time (the server applies their privacy). */
export function PersonConnections({ userId, isMe = false }: { userId: string; isMe?: boolean }) {
  const query = usePersonConnectionsQuery(userId);
  const connections = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) return <PersonRowsSkeleton rows={3} label="Loading connections" />;
  if (query.isError)
    return (
      <p role="alert" className="py-4 text-sm text-slate-600">
        These connections are not visible to you.
      </p>
    );
  if (!connections.length) {
    return (
      <EmptyState icon={Users} title="No connections yet">
        {isMe ? (
          <>
            People you connect with appear here. Find some on{' '}
            <Link to={paths.network} className="font-medium text-brand-700 hover:underline">
              My Network
            </Link>
            .
          </>
        ) : (
          'When they connect with people, they appear here.'
        )}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {connections.map((c) => (
          <PersonRow key={c.user._id} user={c.user} />
        ))}
      </ul>
      <ShowMore query={query} />
    </>
  );
}
