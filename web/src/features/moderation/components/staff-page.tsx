import type { StaffPerson } from '@muster/contract/admin';
import type { Role } from '@muster/contract/moderation';
import { Search, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { personName } from '../../../lib/person-name';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFindPeopleQuery } from '../api/find-people';
import { useStaffQuery } from '../api/get-staff';
import { AdminFrame, roleLabels } from './admin-frame';
import { RoleDialog } from './role-dialog';

const roleBadge: Record<Role, string> = {
  admin: 'bg-slate-900 text-white',
  moderator: 'bg-brand-100 text-brand-800',
  member: 'bg-slate-100 text-slate-700',
};

function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadge[role]}`}>
      {roleLabels[role]}
    </span>
  );
}

/** One person with their role and address, and the button that opens the role dialog. */
function StaffRow({ person, onEdit }: { person: StaffPerson; onEdit: (p: StaffPerson) => void }) {
  return (
    <PersonRow
      user={person.user}
      note={
        <span className="flex min-w-0 items-center gap-2">
          <RoleBadge role={person.role} />
          <span className="min-w-0 truncate">{person.email}</span>
        </span>
      }
      actions={
        <button
          type="button"
          className={buttonStyles.quiet}
          aria-label={`Change the role of ${personName(person.user)}`}
          onClick={() => onEdit(person)}
        >
          Change role
        </button>
      }
    />
  );
}

const card = 'mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5';

/** /moderation/staff: who holds a role, and finding someone to give one to (admins only; decision 067). */
export function StaffPage({ viewerRole }: { viewerRole: Role }) {
  return (
    <AdminFrame
      viewerRole={viewerRole}
      title="Staff"
      intro="Moderators work the report queue; admins can also grant and take roles. Every change is kept in the audit log."
    >
      <StaffLists />
    </AdminFrame>
  );
}

function StaffLists() {
  const staff = useStaffQuery();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, 250);
  const found = useFindPeopleQuery(settled);
  const [editing, setEditing] = useState<StaffPerson | null>(null);
  const typed = settled.trim().length > 0;

  return (
    <>
      <section className={card} aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="text-base font-semibold text-slate-900">
          Admins and moderators
        </h2>
        {staff.isPending ? (
          <PersonRowsSkeleton rows={3} label="Loading staff" />
        ) : staff.isError ? (
          <ListError query={staff} what="staff" className="my-3" />
        ) : staff.data.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No staff yet">
            Find someone below and make them a moderator.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {staff.data.map((p) => (
              <StaffRow key={p.user._id} person={p} onEdit={setEditing} />
            ))}
          </ul>
        )}
      </section>

      <section className={card} aria-labelledby="grant-heading">
        <h2 id="grant-heading" className="text-base font-semibold text-slate-900">
          Give someone a role
        </h2>
        <label htmlFor="people-search" className="mt-3 block text-sm font-medium text-slate-700">
          Username or email
        </label>
        <div className="relative mt-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="people-search"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby="people-search-help"
            className="block w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        </div>
        <p id="people-search-help" className="mt-1 text-xs text-slate-500">
          Type the start of their username or email address.
        </p>
        {!typed ? null : found.isPending ? (
          <PersonRowsSkeleton rows={2} label="Looking for people" />
        ) : found.isError ? (
          <ListError query={found} what="people" className="my-3" />
        ) : found.data.length === 0 ? (
          <EmptyState icon={Search} title={`No one's username or email starts with “${settled.trim()}”`}>
            Check the spelling, or ask them for their username.
          </EmptyState>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="People found">
            {found.data.map((p) => (
              <StaffRow key={p.user._id} person={p} onEdit={setEditing} />
            ))}
          </ul>
        )}
      </section>

      {editing && <RoleDialog key={editing.user._id} person={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
