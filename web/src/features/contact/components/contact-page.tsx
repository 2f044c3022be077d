import { contactMessageSchema, contactSubjectLabels, contactSubjects } from '@muster/contract/contact';
import { Clock, Mail } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { FieldError, FormError } from '../../../components/form-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSendContactMessageMutation } from '../api/send-contact-message';

type Values = { name: string; email: string; subject: string; message: string };
const empty: Values = { name: '', email: '', subject: '', message: '' };
const fields = ['name', 'email', 'subject', 'message'] as const;

const SUCCESS = "Thanks for your message! We'll get back to you soon.";
const FAILURE = 'Oops! There was an error sending your message. Please try again.';

/** /contact: the contact form (spec §2, §3, §5, §8). */
export function ContactPage() {
  const [values, setValues] = useState<Values>(empty);
  const form = useContractForm({ id: 'contact', fields });
  const send = useSendContactMessageMutation();
  const set =
    (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [k]: e.target.value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(contactMessageSchema, values);
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => {
        toast.success(SUCCESS);
        setValues(empty);
      },
      onError: (error) => {
        toast.error(FAILURE);
        form.refused(error);
      },
    });
  }

  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1fr_1.4fr]">
      <div>
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Contact us</h1>
        <p className="mt-4 text-slate-600">
          Questions, partnerships, feedback or a problem with your account — write to the Muster team.
        </p>
        <ul className="mt-8 space-y-4 text-sm text-slate-700">
          <li className="flex items-start gap-3">
            <Clock className="mt-0.5 size-5 text-brand-600" aria-hidden="true" /> We reply within 24 hours.
          </li>
          <li className="flex items-start gap-3">
            <Mail className="mt-0.5 size-5 text-brand-600" aria-hidden="true" /> Your message goes straight to
            the team's inbox; we answer at the address you give.
          </li>
        </ul>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="contact-name" className="block text-sm font-medium text-slate-700">
              Name
            </label>
            <input
              id="contact-name"
              className={input}
              value={values.name}
              onChange={set('name')}
              required
              autoComplete="name"
              {...form.aria('name')}
            />
            <FieldError form={form} field="name" />
          </div>
          <div>
            <label htmlFor="contact-email" className="block text-sm font-medium text-slate-700">
              Email
            </label>
            <input
              id="contact-email"
              type="email"
              className={input}
              value={values.email}
              onChange={set('email')}
              required
              autoComplete="email"
              {...form.aria('email')}
            />
            <FieldError form={form} field="email" />
          </div>
        </div>
        <div>
          <label htmlFor="contact-subject" className="block text-sm font-medium text-slate-700">
            Subject
          </label>
          <select
            id="contact-subject"
            className={input}
            value={values.subject}
            onChange={set('subject')}
            required
            {...form.aria('subject')}
          >
            <option value="" disabled>
              Choose a subject
            </option>
            {contactSubjects.map((s) => (
              <option key={s} value={s}>
                {contactSubjectLabels[s]}
              </option>
            ))}
          </select>
          <FieldError form={form} field="subject" />
        </div>
        <div>
          <label htmlFor="contact-message" className="block text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea
            id="contact-message"
            className={`${input} min-h-36`}
            value={values.message}
            onChange={set('message')}
            required
            {...form.aria('message')}
          />
          <FieldError form={form} field="message" />
        </div>
        <FormError form={form} />
        <button
          type="submit"
          disabled={send.isPending}
          className="w-full rounded-lg bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {send.isPending ? 'Sending...' : 'Send message'}
        </button>
      </form>
    </div>
  );
}
