/** Spec §2: shown while the session check runs and while a page loads. */
export function SpinnerScreen() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center" role="status">
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
