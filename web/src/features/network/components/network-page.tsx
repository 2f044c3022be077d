import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useConnectionRequestsQuery } from '../api/get-connection-requests';

/** /network: connection requests waiting for me. */
export function NetworkPage() {
  const requests = useConnectionRequestsQuery();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">My Network</h1>
      <section className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="font-semibold text-slate-900">Pending requests</h2>
        {requests.isPending ? (
          <p role="status" className="mt-3 text-sm text-slate-600">Loading…</p>
        ) : (
          <div className="mt-3 flex flex-col items-center gap-2 py-8 text-center">
            <Users className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">No pending connection requests.</p>
            <Link to={paths.collaboration('all')} className="mt-1 text-sm font-medium text-brand-700 hover:underline">Find people through collaboration requests</Link>
          </div>
        )}
      </section>
    </div>
  );
}
