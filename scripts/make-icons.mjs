// Draws the installable app's icons from the logo (web/public/favicon.svg, the same mark as
// components/logo.tsx) into web/public/icons/. Run once after the logo changes:
//   node scripts/make-icons.mjs
// The PNGs are committed: a build never depends on sharp's native binary being present.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'web', 'public', 'icons');
const BRAND = '#4338ca';

// The mark without its rounded tile, so a maskable icon can put it on a full-bleed square.
const mark = `<path d="M8 24V11l8 8 8-8v13" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="16" cy="9" r="2.8" fill="#fbbf24"/>`;

/** The logo as the browser tab shows it: a rounded tile (launchers that do not mask use it as is). */
const tile = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${mark}</svg>`;

/**
 * A maskable icon: the launcher cuts it to its own shape, keeping only the centre circle of 80 %
 * for sure, so the background fills the square and the mark shrinks to 60 % in the middle.
 */
const maskable = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(6.4 6.4) scale(0.6)">${mark}</g></svg>`;

/** iOS ignores the manifest's icons and rounds the corners itself: a square tile, no transparency. */
const appleTouch = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(3.2 3.2) scale(0.8)">${mark}</g></svg>`;

const icons = [
  ['icon-192.png', tile(192)],
  ['icon-512.png', tile(512)],
  ['icon-maskable-512.png', maskable(512)],
  ['apple-touch-icon.png', appleTouch(180)],
];

await fs.mkdir(out, { recursive: true });
for (const [name, svg] of icons) {
  const file = path.join(out, name);
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(file);
  console.log(`${path.relative(root, file)}  ${(await fs.stat(file)).size} bytes`);
}
