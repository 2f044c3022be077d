import type { ContractForm } from '../lib/use-contract-form';

/**
 * A field's message under it, with the id its control is described by (`form.aria`). `alert` for
 * a group of choices, which takes no focus: the message is announced instead.
 */
export function FieldError<F extends string>({
  form,
  field,
  alert = false,
  className = 'mt-1 text-sm text-red-600',
}: {
  form: ContractForm<F>;
  field: F;
  alert?: boolean;
  className?: string;
}) {
  const message = form.errors[field];
  if (!message) return null;
  return (
    <p id={form.errorId(field)} role={alert ? 'alert' : undefined} className={className}>
      {message}
    </p>
  );
}

/** What was refused on no field of the form, above its buttons, until the next try (decision 052). */
export function FormError({ form }: { form: Pick<ContractForm<string>, 'formError'> }) {
  if (!form.formError) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {form.formError}
    </p>
  );
}
