import { useEffect } from 'react';

/** What a list needs of its failed query: the error to log and a way to ask again. */
type FailedQuery = { error: unknown; refetch: () => unknown };

/**
 * Every list's failure to load, one way (decision 048). The spec's table says list failures are
 * logged, so each is logged here once per error; it says some lists "fall back to empty", which we
 * do not follow: after a disaster an empty "No message requests" on a dropped connection tells a
 * person nobody asked for help. So the failure is shown, in one text and look, with Try again. Where
 * the spec gives a list its own words (trending hashtags, the mission picker) they are `message`.
 */
export function ListError({
  query,
  what,
  message,
  className = '',
}: {
  query: FailedQuery;
  /** The list, as in "Couldn't load {what}." and the log line. */
  what: string;
  message?: string;
  className?: string;
}) {
  const { error } = query;
  useEffect(() => {
    // Expected answers are not errors, but a list that could not load is: log it for whoever
    // debugs the device, once per failure (a re-render is not a new failure).
    console.error(`Failed to load ${what}`, error);
  }, [error, what]);
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 ${className}`}
    >
      <span>{message ?? `Couldn't load ${what}.`}</span>
      <button
        type="button"
        className="rounded-full border border-red-300 bg-white px-3.5 py-1.5 font-semibold text-red-700 hover:bg-red-100"
        onClick={() => void query.refetch()}
      >
        Try again
      </button>
    </div>
  );
}
