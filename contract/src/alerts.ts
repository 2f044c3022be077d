import { z } from 'zod';
import { ALERT_NAME_MAX, ALERT_WORDS_MAX, alertKinds, DEFAULT_ALERT_KINDS } from './alerts-constants.js';
import { NEAR_RADIUS_DEFAULT_KM, NEAR_RADIUS_MAX_KM } from './map-constants.js';
import { placePartsSchema } from './geo.js';

// The constants light pages need live in a zod-free module (decision 030).
export * from './alerts-constants.js';

/*
 * Saved alerts (issue 37 item 2, decision 080): "tell me about new needs like this near me". An
 * alert is its owner's alone: its place is kept as they chose it (it may be their own exact point)
 * and is shown to nobody else; a notice it causes names the post's public place only.
 */

const kindsSchema = z
  .array(z.enum(alertKinds, `kinds are ${alertKinds.join(', ')}`))
  .min(1, 'Choose at least one kind')
  .max(alertKinds.length)
  .transform((list) => [...new Set(list)]);

/** A place picked in the place picker: an alert needs its point (a place kept as typed has none). */
export const alertPlaceSchema = z.strictObject({
  address: z.string().trim().min(1, 'Choose a place').max(300),
  name: z.string().trim().max(200).optional(),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
    error: 'Pick a place from the list: an alert needs its point on the map',
  }),
  placeId: z.string().trim().max(200).optional(),
  parts: placePartsSchema.optional(),
});
export type AlertPlace = z.infer<typeof alertPlaceSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Give the alert a name')
  .max(ALERT_NAME_MAX, `A name is at most ${ALERT_NAME_MAX} characters`);
/** Words are matched as search matches them (every word, by its stem); empty: any words. */
const wordsSchema = z.string().trim().max(ALERT_WORDS_MAX, `Words are at most ${ALERT_WORDS_MAX} characters`);
const categorySchema = z.string().trim().max(60, 'A category is at most 60 characters');
const radiusSchema = z
  .number()
  .int('Choose whole kilometres')
  .min(1, 'The radius is at least 1 km')
  .max(NEAR_RADIUS_MAX_KM, `The radius is at most ${NEAR_RADIUS_MAX_KM} km`);

/**
 * POST /users/me/alerts: a new alert, as the settings page or the search page saves it (a name and
 * a place at least); or, with `fromPostId`, "Tell me about needs near this" on one of my own
 * provisions: the server copies its category, its exact place and its title (the alert's name),
 * about needs and wants, within `radiusKm`; the alert goes when the provision does. One schema
 * (not a union) so a bad field is named as every other form's is.
 */
export const alertCreateSchema = z
  .strictObject({
    fromPostId: z.uuid('Not a post').optional(),
    name: nameSchema.optional(),
    words: wordsSchema.optional(),
    category: categorySchema.optional(),
    kinds: kindsSchema.default([...DEFAULT_ALERT_KINDS]),
    place: alertPlaceSchema.optional(),
    radiusKm: radiusSchema.default(NEAR_RADIUS_DEFAULT_KM),
  })
  .superRefine((a, ctx) => {
    if (a.fromPostId) {
      if (a.place)
        ctx.addIssue({ code: 'custom', path: ['place'], message: "A provision's alert is at its place" });
      return;
    }
    if (!a.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Give the alert a name' });
    if (!a.place) ctx.addIssue({ code: 'custom', path: ['place'], message: 'Choose a place' });
  });
export type AlertCreate = z.input<typeof alertCreateSchema>;

/** PATCH /users/me/alerts/:id: any part of an alert; what is left out stays as it was. */
export const alertUpdateSchema = z
  .strictObject({
    name: nameSchema,
    words: wordsSchema,
    /** '' clears the category. */
    category: categorySchema,
    kinds: kindsSchema,
    place: alertPlaceSchema,
    radiusKm: radiusSchema,
  })
  .partial();
export type AlertUpdate = z.input<typeof alertUpdateSchema>;

export const alertParamsSchema = z.object({ id: z.uuid('Not an alert') });

export const alertSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** null: any words. */
  words: z.string().nullable(),
  category: z.string().nullable(),
  kinds: z.array(z.enum(alertKinds)),
  /** The place as its owner chose it: theirs alone. */
  place: z.object({
    address: z.string(),
    name: z.string().optional(),
    coordinates: z.tuple([z.number(), z.number()]),
  }),
  radiusKm: z.number().int(),
  /** The provision this alert watches around ("Tell me about needs near this"), or null. */
  fromPostId: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertResponseSchema = z.object({ data: alertSchema });
export const alertListResponseSchema = z.object({ data: z.array(alertSchema) });
