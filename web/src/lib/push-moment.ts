/**
 * The moment to offer push (issue 34, decision 064): right after a person posts or offers help,
 * when an answer is what they wait for, never on a first visit. The posts and missions features
 * announce it; the shell shows the settings feature's prompt. Here, as a web feature never imports
 * another.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** A post or an offer went through. */
export function announcePushMoment(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` at each moment; returns the way to stop. */
export function onPushMoment(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
