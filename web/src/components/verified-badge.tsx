import { BadgeCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The tooltip's widest, and how far it keeps from the screen's edges. */
const TIP_MAX = 240;
const EDGE = 8;

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
  const ref = useRef<HTMLSpanElement>(null);
  const [tip, setTip] = useState<{ left: number; top: number; width: number } | null>(null);
  const shown = tip !== null;

  // Placed under the badge in the viewport, kept inside the screen (a name near a phone's edge), and
  // outside any card that clips what overflows it; placed again if the window changes size.
  const place = useCallback(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const width = Math.min(TIP_MAX, window.innerWidth - 2 * EDGE);
    const centred = box.left + box.width / 2 - width / 2;
    setTip({
      left: Math.max(EDGE, Math.min(centred, window.innerWidth - width - EDGE)),
      top: box.bottom + 6,
      width,
    });
  }, []);
  useEffect(() => {
    if (!shown) return;
    const hide = () => setTip(null);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [shown, place]);

  if (!organisation) return null;
  const label = `Verified organisation: ${organisation}`;
  if (inLink)
    return (
      <span
        role="img"
        aria-label={label}
        title={label}
        className={`ml-1 inline-flex shrink-0 items-center align-[-0.15em] ${className}`}
      >
        <BadgeCheck className="size-4 fill-sky-600 text-white" aria-hidden="true" />
      </span>
    );
  return (
    <span
      ref={ref}
      role="img"
      aria-label={label}
      tabIndex={0}
      onMouseEnter={place}
      onMouseLeave={() => setTip(null)}
      onFocus={place}
      onBlur={() => setTip(null)}
      className={`ml-1 inline-flex shrink-0 items-center rounded-full align-[-0.15em] outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${className}`}
    >
      <BadgeCheck className="size-4 fill-sky-600 text-white" aria-hidden="true" />
      {tip && (
        <span
          aria-hidden="true"
          style={{ left: tip.left, top: tip.top, maxWidth: tip.width }}
          className="pointer-events-none fixed z-50 w-max rounded-md bg-slate-900 px-2 py-1 text-center text-xs font-medium leading-snug text-white shadow-lg"
        >
          {label}
        </span>
      )}
    </span>
  );
}
