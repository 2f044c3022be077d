import { ExternalLink, Globe } from 'lucide-react';

/**
 * Another Muster's listing (issue 38, decision 089), wherever one is shown (a search result, a map
 * card): a badge saying which server it is from, and a link to it there. It has no page here.
 */
export function FromServerBadge({ server, className = '' }: { server: string; className?: string }) {
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-inset ring-violet-200 ${className}`}
    >
      <Globe className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">From {server}</span>
    </span>
  );
}

/** The listing on its home server, in a new tab (never given our window: noopener, noreferrer). */
export function HomeServerLink({
  url,
  server,
  children,
  ...rest
}: {
  url: string;
  server: string;
  children: React.ReactNode;
  className: string;
  onClick?: () => void;
  /** A list's own markers (search's arrow keys). */
  [data: `data-${string}`]: string;
}) {
  return (
    <a {...rest} href={url} target="_blank" rel="noopener noreferrer">
      {children} <span className="sr-only">(on {server}, opens in a new tab)</span>
    </a>
  );
}

/** The same as a button-like link with its icon, for a card's actions. */
export function OpenOnServerButton({ url, server }: { url: string; server: string }) {
  return (
    <HomeServerLink
      url={url}
      server={server}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      Open on its server
    </HomeServerLink>
  );
}
