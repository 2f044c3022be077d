import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * The map's tiles, served on this machine (issue 37): the journeys must not ask a public tile
 * server for anything. One PNG, made once — a pale land colour with a faint grid, so a screenshot
 * shows where the tiles are — answers every `/{z}/{x}/{y}.png`; anything else is a 404.
 */
export async function startTileServer(): Promise<{
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#eef2e6"/>
    <path d="M0 0.5H256M0.5 0V256M0 128.5H256M128.5 0V256" stroke="#d5dccb" stroke-width="1"/>
  </svg>`;
  const tile = await sharp(Buffer.from(svg)).png().toBuffer();
  let count = 0;
  const server = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    count++;
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
