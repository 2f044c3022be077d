import { Link } from 'react-router';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path
        d="M8 24V11l8 8 8-8v13"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="9" r="2.8" fill="#fbbf24" />
    </svg>
  );
}

/** The logo with the product word (spec §2: on every public page). */
export function Logo({ to = '/muster' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-slate-900"
    >
      <LogoMark />
      <span>Muster</span>
    </Link>
  );
}
