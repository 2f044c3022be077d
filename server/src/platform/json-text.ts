import type { FastifyReply } from 'fastify';

/**
 * JSON that is already text — a post as PostgreSQL renders it (decision 010) — and goes to the
 * socket as it is: parsing twenty posts into objects only to write them out again cost the feed a
 * third of its throughput. Outside production every response, text or not, is still checked
 * against its route's schema (`checkResponses`).
 */
export type JsonText = string & { readonly __jsonText: true };

/** The success envelope around one item, or a list: `{ "data": … }`. */
export function dataText(data: JsonText | JsonText[]): JsonText {
  return `{"data":${Array.isArray(data) ? `[${data.join(',')}]` : data}}` as JsonText;
}

/** The success envelope around a page: `{ "data": [ … ], "meta": … }`. */
export function pageText(items: JsonText[], meta: Record<string, unknown>): JsonText {
  return `{"data":[${items.join(',')}],"meta":${JSON.stringify(meta)}}` as JsonText;
}

/** Sends the text as the body; Fastify passes a string with a JSON content type on untouched. */
export function sendJsonText(reply: FastifyReply, body: JsonText) {
  return reply.type('application/json; charset=utf-8').send(body);
}
