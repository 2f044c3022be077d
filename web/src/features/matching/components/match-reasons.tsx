import { Sparkles } from 'lucide-react';

/** Why two posts matched, as small chips ("Same category: Energy", "Shared words: generator", "About 3 km apart"). */
export function MatchReasons({ reasons, className = '' }: { reasons: string[]; className?: string }) {
  if (!reasons.length) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label="Why it matched">
      {reasons.map((r) => (
        <li
          key={r}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100"
        >
          <Sparkles className="size-3" aria-hidden="true" /> {r}
        </li>
      ))}
    </ul>
  );
}
