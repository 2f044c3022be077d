import { BADGE_MAX } from '@muster/contract/limits';

/** Spec §2: badges show 9+ above 9, and nothing at zero. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export function CountBadge({ count, label }: { count: number; label: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span
      className="absolute -right-2.5 -top-1.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-[1.125rem] text-white ring-2 ring-white"
      data-testid={`badge-${label}`}
    >
      <span className="sr-only">{label}: </span>
      {text}
    </span>
  );
}
