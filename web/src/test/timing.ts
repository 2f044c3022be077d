import { onTestFinished } from 'vitest';

type Answer = { status: number; body?: unknown };

/**
 * A server answer the test releases when it chooses (a stubApi handler returns `promise`), so a
 * test can hold a request in flight while the person goes on tapping.
 */
export function later(): { promise: Promise<Answer>; answer: (answer: Answer) => void } {
  let answer!: (answer: Answer) => void;
  const promise = new Promise<Answer>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/**
 * Every value an element's attribute takes from now on, in order, starting with the current one:
 * a flicker (true → false → true) shows here even if it lasted a single frame.
 */
export function valuesOf(element: Element, attribute: string): () => Array<string | null> {
  const values = [element.getAttribute(attribute)];
  const note = (records: MutationRecord[]) => {
    // Each record holds the value before its change; the one after is the next record's, or now.
    for (const [i, record] of records.entries()) {
      const after = records[i + 1]?.oldValue ?? element.getAttribute(attribute);
      if (record.oldValue !== after && values.at(-1) !== after) values.push(after);
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(element, { attributes: true, attributeFilter: [attribute], attributeOldValue: true });
  onTestFinished(() => observer.disconnect());
  return () => {
    note(observer.takeRecords());
    return [...values];
  };
}
