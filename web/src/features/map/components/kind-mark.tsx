import type { MapKind } from '@muster/contract/map-constants';
import { kindLook } from '../lib/kinds';

/** A kind's pin in small: its colour, shape and letter (the legend, the rows, the card). */
export function KindMark({ kind, className = '' }: { kind: MapKind; className?: string }) {
  const look = kindLook[kind];
  const shape =
    look.shape === 'circle'
      ? 'rounded-full'
      : look.shape === 'square'
        ? 'rounded-[3px]'
        : look.shape === 'drop'
          ? 'rounded-[50%_50%_50%_0] -rotate-45'
          : 'rounded-[3px] rotate-45 scale-90';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-5 shrink-0 items-center justify-center text-[10px] font-bold text-white ${shape} ${className}`}
      style={{ background: look.color }}
    >
      <span className={look.shape === 'drop' ? 'rotate-45' : look.shape === 'diamond' ? '-rotate-45' : ''}>
        {look.letter}
      </span>
    </span>
  );
}
