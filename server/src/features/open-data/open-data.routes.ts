import { Readable } from 'node:stream';
import { apiErrorSchema } from '@muster/contract/errors';
import {
  openDataCsvSchema,
  openDataFeatureCollectionSchema,
  openDataPageQuerySchema,
  openDataPageResponseSchema,
  openDataQuerySchema,
} from '@muster/contract/open-data';
import { emptyResponseSchema } from '@muster/contract/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, limitBy } from '../../platform/rate-limit.js';
import * as openData from './open-data.service.js';

const tags = ['open-data'];
const errors = { 400: apiErrorSchema, 429: apiErrorSchema };
/** A dashboard polls; a minute of staleness costs a crisis map nothing and spares the database. */
const CACHE_CONTROL = 'public, max-age=60';
const about =
  'Public needs, wants, provisions and missions as anyone may read them, filtered like the map ' +
  '(`bbox` optional: all places without it). Only the public approximate place (0.01° grid, ' +
  'city-level text) and no person: no author is named. No sign-in needed; the licence is stated ' +
  'in every answer (see docs/open-data.md).';

/**
 * Open data for responders (issue 37 item 3, decision 078). Registered only when OPEN_DATA is not
 * 'off' (app.ts): an instance that turns it off answers 404 like any unknown path.
 */
export const openDataRoutes: FastifyPluginAsyncZod<{
  license: { name: string; url: string };
  exportsPerHour: number;
}> = async (app, { license, exportsPerHour }) => {
  const { deps } = app;
  const licenseLink = `<${license.url}>; rel="license"`;
  // Per client, not per account: nobody signs in here. An export walks every item, so it has a
  // budget of its own, far below the pages' (a dashboard's polling).
  const exports = limitBy(app, [
    { name: 'open-data:exports', max: exportsPerHour, timeWindow: '1 hour', key: clientOf },
  ]);
  const pages = limitBy(app, [
    { name: 'open-data:pages', max: 600, timeWindow: '10 minutes', key: clientOf },
  ]);

  app.get(
    '/open-data/items.csv',
    {
      preHandler: exports,
      schema: {
        tags,
        summary: 'Open data as CSV, with an HXL hashtag row under the header (streamed)',
        description: `${about} RFC 4180 (CRLF, UTF-8 without BOM): a header row, then the HXL hashtag row (hxlstandard.org), then one row per item; a text cell that a spreadsheet would take for a formula starts with an apostrophe. The licence is in the \`Link: <…>; rel="license"\` header.`,
        querystring: openDataQuerySchema,
        response: {
          200: {
            description: 'Header row, HXL hashtag row, one row per item, newest first',
            content: { 'text/csv': { schema: openDataCsvSchema } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, () => openData.csvExport(deps, request.query), {
        type: 'text/csv; charset=utf-8; header=present',
        file: 'muster-items.csv',
        licenseLink,
      }),
  );

  app.get(
    '/open-data/items.geojson',
    {
      preHandler: exports,
      schema: {
        tags,
        summary: 'Open data as a GeoJSON FeatureCollection of Points (streamed)',
        description: `${about} RFC 7946: Points at [longitude, latitude]; an item with no place has a null geometry. The licence is the collection's \`license\` member (and the Link header).`,
        querystring: openDataQuerySchema,
        response: {
          200: {
            description: 'A FeatureCollection, newest first',
            content: { 'application/geo+json': { schema: openDataFeatureCollectionSchema } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, () => openData.geoJsonExport(deps, request.query, license), {
        type: 'application/geo+json; charset=utf-8',
        file: 'muster-items.geojson',
        licenseLink,
      }),
  );

  app.get(
    '/open-data/items',
    {
      preHandler: pages,
      schema: {
        tags,
        summary: 'Open data as a paged JSON list for dashboards (keyset cursor, ETag, cacheable)',
        description: `${about} Newest first; \`meta.nextCursor\` gives the next page. Each answer carries a weak ETag (one for every encoding): send it back as If-None-Match for a 304 when nothing changed. Cache-Control: public, max-age=60.`,
        querystring: openDataPageQuerySchema,
        response: { 200: openDataPageResponseSchema, 304: emptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body, etag } = await openData.itemsPage(deps, request.query, license);
      return sendPage(reply, body, {
        etag,
        licenseLink,
        fresh: openData.notModified(request.headers['if-none-match'], etag),
      });
    },
  );
};

/**
 * Streams an export: the generator's chunks go out as the socket takes them (Readable.from pulls
 * the next only on demand), so memory holds one batch whatever the size of Muster. A HEAD gets the
 * headers and no walk: Fastify's HEAD route would drain (resume) a stream it was handed, reading
 * every item to send none.
 */
async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  open: () => Promise<AsyncGenerator<string>>,
  { type, file, licenseLink }: { type: string; file: string; licenseLink: string },
) {
  // Opened (its first batch read) before any header is set: a failure is then an error answer.
  const chunks = request.method === 'HEAD' ? undefined : await open();
  reply
    .type(type)
    .header('cache-control', CACHE_CONTROL)
    .header('link', licenseLink)
    .header('content-disposition', `attachment; filename="${file}"`);
  return reply.send(chunks ? Readable.from(chunks, { objectMode: false }) : undefined);
}

/** A page as its JSON text with its ETag; a 304 with no body when the client holds it already. */
function sendPage(
  reply: FastifyReply,
  body: string,
  { etag, licenseLink, fresh }: { etag: string; licenseLink: string; fresh: boolean },
) {
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('link', licenseLink);
  if (fresh) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
