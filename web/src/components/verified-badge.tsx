import { BadgeCheck } from 'lucide-react';

/**
 * The "Verified organisation" badge (issue 35 item 6, decision 069): a person a moderator verified
 * as an organisation, shown beside their name wherever they are. Its accessible name says which
 * organisation; on its own it takes the focus and shows the name on hover or focus. Inside a link
 * (a people list, a search row) it takes no focus of its own (nothing interactive nests in a link)
 * and the link's name carries the words, with a title for the pointer.
 */
export function VerifiedBadge({
  organisation,
  inLink = false,
  className = '',
}: {
  organisation: string | null | undefined;
  inLink?: boolean;
  className?: string;
}) {
  if (!organisation) return null;
  const label = `Verified organisation: ${organisation}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={inLink ? label : undefined}
      tabIndex={inLink ? undefined : 0}
      className={`group relative ml-1 inline-flex shrink-0 items-center rounded-full align-[-0.15em] outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${className}`}
    >
      <BadgeCheck className="size-4 fill-sky-600 text-white" aria-hidden="true" />
      {!inLink && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full left-1/2 z-30 mb-1.5 hidden w-max max-w-[15rem] -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-center text-xs font-medium leading-snug text-white shadow-lg group-hover:block group-focus:block"
        >
          {label}
        </span>
      )}
    </span>
  );
}
