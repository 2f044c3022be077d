import { BellRing, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { readPushHere, useTurnPushOnMutation } from '../api/push-notifications';

/**
 * The gentle offer of push (issue 34, decision 064), shown once, right after a person's post or
 * offer, when an answer is what they wait for: a small card, not a dialog. It asks nothing of a
 * browser that cannot push, already pushes, or was told no; the browser's own permission prompt
 * comes only from "Turn on". `onDone` is called once it is answered, or found not worth showing.
 */
export function PushPrompt({ onDone }: { onDone: () => void }) {
  const [worthAsking, setWorthAsking] = useState(false);
  const on = useTurnPushOnMutation();
  const id = useId();

  useEffect(() => {
    let live = true;
    void readPushHere().then(
      (here) => {
        if (!live) return;
        if (here === 'off') setWorthAsking(true);
        else onDone();
      },
      () => live && onDone(),
    );
    return () => {
      live = false;
    };
  }, [onDone]);

  if (!worthAsking) return null;

  const turnOn = () =>
    on.mutate(undefined, {
      onSuccess: (result) => {
        if (result === 'on') toast.success('Push notifications are on for this browser');
        else toast.success('Push stays off. You can turn it on in Settings whenever you like.');
        onDone();
      },
      onError: (err) => {
        toast.error(errorMessage(err, 'Could not turn push notifications on'));
        onDone();
      },
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="push-prompt"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !on.isPending) onDone();
      }}
      className="fixed inset-x-4 bottom-20 z-40 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl md:inset-x-auto md:bottom-6 md:right-6 md:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="font-semibold text-slate-900">
            Get a push when someone answers
          </h2>
          <p id={`${id}-text`} className="mt-0.5 text-sm text-slate-600">
            We’ll tell you on this device, even when Muster is closed. You can change it in Settings.
          </p>
        </div>
        <button
          type="button"
          onClick={onDone}
          disabled={on.isPending}
          aria-label="Close"
          className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={onDone}
          disabled={on.isPending}
          className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Not now
        </button>
        <button
          type="button"
          onClick={turnOn}
          disabled={on.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {on.isPending ? 'Turning on…' : 'Turn on'}
        </button>
      </div>
    </section>
  );
}
