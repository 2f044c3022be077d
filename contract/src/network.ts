import { z } from 'zod';
import { publicUserSchema } from './users.js';

/** Where the viewer stands with a person (issue 11): mutual connections by request and acceptance. */
export const connectionStates = ['none', 'pending-sent', 'pending-received', 'connected'] as const;
export type ConnectionState = (typeof connectionStates)[number];

export const userIdParamsSchema = z.object({ userId: z.uuid('Not a person id') });
export const requestIdParamsSchema = z.object({ requestId: z.uuid('Not a request id') });

/** A connection request, as either side lists it: the other person's card and when it was sent. */
export const connectionRequestSchema = z.object({
  _id: z.string(),
  user: publicUserSchema,
  createdAt: z.string(),
});
export type ConnectionRequest = z.infer<typeof connectionRequestSchema>;

export const connectionSchema = z.object({
  user: publicUserSchema,
  connectedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionRequestsResponseSchema = z.object({ data: z.array(connectionRequestSchema) });
export const connectionsPageResponseSchema = z.object({
  data: z.array(connectionSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
/** What sending a request did: asked, or connected at once because they had already asked me. */
export const connectResponseSchema = z.object({
  data: z.object({ connection: z.enum(connectionStates), message: z.string() }),
});

/** People you may know, with why: how many connections we share. */
export const suggestionSchema = publicUserSchema.extend({ mutualCount: z.number() });
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponseSchema = z.object({ data: z.array(suggestionSchema) });
