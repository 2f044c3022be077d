import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from './report-dialog';

/**
 * The report dialog, loaded with its first opening: every card of a feed, every comment and every
 * message offers a report, and the form with its schema would otherwise come with the first page
 * (the start-up budgets, DESIGN.md §6). Every place takes it from here, never statically, as a
 * module imported both ways fails the build (decision 052).
 */
export const LazyReportDialog = lazy(() =>
  import('./report-dialog').then((m) => ({ default: m.ReportDialog })),
);

/**
 * "Report" on someone else's thing (issue 35): a button that opens the report dialog. The label is
 * said to screen readers in full ("Report post"), as a row of messages holds many such buttons.
 */
export function ReportButton({
  subject,
  label,
  className,
  text = 'wide',
  ...target
}: {
  /** What is reported, in words, for the dialog's title: "this post". */
  subject: string;
  /** The button's accessible name: "Report post". */
  label: string;
  className?: string;
  /**
   * The word "Report" beside the flag: always, from the small breakpoint up (a card's row of
   * actions stays one line on a phone), or never (a message bubble). The label is always said.
   */
  text?: 'always' | 'wide' | 'never';
} & ReportTarget) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        title={text === 'never' ? label : undefined}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-4" aria-hidden="true" />
        {text !== 'never' && (
          <span className={text === 'wide' ? 'sr-only sm:not-sr-only' : undefined} aria-hidden="true">
            Report
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LazyReportDialog open onOpenChange={setOpen} subject={subject} {...target} />
        </Suspense>
      )}
    </>
  );
}
