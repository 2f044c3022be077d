import { z } from 'zod';

/**
 * The public face of a person (spec §3 User), in a module of its own (users.ts re-exports it): the
 * web's live socket checks its events with schemas that embed it, and loading it should not build
 * every account and profile schema (decision 032).
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  profilePicture: z.string(),
  /**
   * The organisation this person is verified as (issue 35 item 6, decision 069), shown as a badge
   * wherever they are; null when they are not one. This server always sends it; optional so that
   * a card made before it (an older process's live event, a kept recent profile) still parses.
   */
  verifiedOrg: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
