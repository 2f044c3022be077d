import { useState } from 'react';
import type { z } from 'zod';
import { ApiClientError, type ErrorDetail } from './api-client';

type Messages<F extends string> = Partial<Record<F, string>>;

export type ContractForm<F extends string> = {
  /** Each field's message: the schema's first on the last check, or the server's. */
  errors: Messages<F>;
  /** What was refused on no field of the form (another path, or the body as a whole); '' for none. */
  formError: string;
  /**
   * Checks the values with the contract's schema, the one the server checks them with. Valid: the
   * messages go and the parsed body is returned. Invalid: each field shows its first message, the
   * first field refused (in the order given) takes the focus, and undefined is returned.
   */
  check: <S extends z.ZodType>(schema: S, values: unknown) => z.output<S> | undefined;
  /**
   * Says a failed call's field details (a 400 from the same schema, a 409 on one field) on the
   * fields they name, the first one focused; details on other paths as the form's message. False
   * when the refusal named no field at all (a 429, a 500, no connection): the caller says it.
   */
  refused: (error: unknown) => boolean;
  /** A rule only the client knows (a file that would not read, a place not picked), on its field. */
  setError: (field: F, message: string | undefined) => void;
  setFormError: (message: string) => void;
  /** No messages: a dialog opened again, a form reset. */
  clear: () => void;
  /** The id of a field's control (`${id}-${field}`) and of its message. */
  fieldId: (field: F) => string;
  errorId: (field: F) => string;
  /** A control's accessibility props: invalid while it has a message, described by it (and a hint). */
  aria: (field: F, hint?: string) => { 'aria-invalid': boolean; 'aria-describedby': string | undefined };
};

/**
 * The one form layer of the web (decision 056): a form names its fields in the order it shows them;
 * the contract's schema checks the values before anything is sent, and the server's field details
 * land on the same fields. A detail's path is matched by its first segment (`review.title` is the
 * review), unless `paths` sends it elsewhere (`mapLocation` is the place field).
 */
export function useContractForm<F extends string>(options: {
  /** The prefix of the fields' element ids. */
  id: string;
  fields: readonly F[];
  paths?: Readonly<Record<string, F>>;
}): ContractForm<F> {
  const { id, fields, paths = {} } = options;
  const [errors, setErrors] = useState<Messages<F>>({});
  const [formError, setFormError] = useState('');
  const fieldId = (field: F) => `${id}-${field}`;
  const errorId = (field: F) => `${id}-${field}-error`;

  const fieldOf = (path: string): F | undefined => {
    const head = path.split('.')[0]!;
    if (Object.hasOwn(paths, path)) return paths[path];
    if (Object.hasOwn(paths, head)) return paths[head];
    return (fields as readonly string[]).includes(head) ? (head as F) : undefined;
  };

  function show(details: readonly ErrorDetail[]) {
    const next: Messages<F> = {};
    let other = '';
    for (const d of details) {
      const field = fieldOf(d.path);
      if (field) next[field] ??= d.message;
      else other ||= d.message;
    }
    setErrors(next);
    setFormError(other);
    const first = fields.find((f) => next[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  return {
    errors,
    formError,
    check: (schema, values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        setFormError('');
        return parsed.data;
      }
      show(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
      return undefined;
    },
    refused: (error) => {
      if (!(error instanceof ApiClientError) || !error.details.length) return false;
      show(error.details);
      return true;
    },
    setError: (field, message) =>
      setErrors((current) =>
        message === undefined && !(field in current) ? current : { ...current, [field]: message },
      ),
    setFormError,
    clear: () => {
      setErrors({});
      setFormError('');
    },
    fieldId,
    errorId,
    aria: (field, hint) => ({
      'aria-invalid': Boolean(errors[field]),
      'aria-describedby':
        [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined,
    }),
  };
}
