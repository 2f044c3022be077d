import { z } from 'zod';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './limits.js';

export const contactSubjects = ['support', 'partnership', 'feedback', 'other'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactSubjectLabels: Record<ContactSubject, string> = {
  support: 'Support',
  partnership: 'Partnership',
  feedback: 'Feedback',
  other: 'Other',
};

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/v1/email/contact — all four fields required (spec §5). */
export const contactMessageSchema = z.strictObject({
  name: requiredText('Name', CONTACT_NAME_MAX),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(CONTACT_EMAIL_MAX, 'Email is too long')
    .pipe(z.email('Enter a valid email address')),
  subject: z.enum(contactSubjects, { error: 'Choose a subject' }),
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const contactMessageResponseSchema = z.object({
  data: z.object({ _id: z.string(), message: z.string() }),
});
