import type { JsonText } from '../../platform/json-text.js';

/**
 * Requests and connections as the contract shows them (`connectionRequestSchema`,
 * `connectionSchema`), written as JSON text around the person's card, which is already JSON text
 * (`cardOf`, decision 010): a list of a hundred people is never parsed only to be written again.
 */
export function presentRequest(r: { id: string; createdAt: Date; card: string }): JsonText {
  return `{"_id":${JSON.stringify(r.id)},"user":${r.card},"createdAt":${JSON.stringify(r.createdAt.toISOString())}}` as JsonText;
}

export function presentConnection(c: { createdAt: Date; card: string }): JsonText {
  return `{"user":${c.card},"connectedAt":${JSON.stringify(c.createdAt.toISOString())}}` as JsonText;
}
