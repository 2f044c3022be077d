/**
 * The demo data's pictures (decision 053): flat, wordless illustrations drawn as SVG and rendered
 * by the media store, so the demo ships no photos and needs no fonts. Each is about something
 * (boxes, water, a route, a clinic, …: the seed that uses it names which) and is drawn from a
 * number, so every demo database gets the same pictures while no two posts share one.
 */

export const pictureThemes = [
  'supplies',
  'water',
  'power',
  'route',
  'people',
  'classroom',
  'field',
  'food',
  'health',
  'film',
  'coast',
  'mountain',
  'shelter',
  'sports',
] as const;
export type PictureTheme = (typeof pictureThemes)[number];

type Palette = { sky: string; far: string; near: string; a: string; b: string; c: string; light: string };

/** Flat colour sets, each a ground, two mid tones, a dark and two accents; a picture draws in one. */
const palettes: Palette[] = [
  {
    sky: '#fde6d2',
    far: '#f4a988',
    near: '#c8553d',
    a: '#2f4858',
    b: '#f6bd60',
    c: '#84a59d',
    light: '#fff7ec',
  },
  {
    sky: '#d8f3f0',
    far: '#8fd3c8',
    near: '#2a9d8f',
    a: '#264653',
    b: '#e9c46a',
    c: '#f4a261',
    light: '#ffffff',
  },
  {
    sky: '#e9f5db',
    far: '#b5c99a',
    near: '#718355',
    a: '#3a5a40',
    b: '#f2cc8f',
    c: '#e07a5f',
    light: '#fefae0',
  },
  {
    sky: '#e0d7f5',
    far: '#a49bd6',
    near: '#5e548e',
    a: '#231942',
    b: '#f4a261',
    c: '#e76f51',
    light: '#fff3e6',
  },
  {
    sky: '#dbe9f6',
    far: '#8fb8de',
    near: '#3d6fa3',
    a: '#1d3557',
    b: '#e63946',
    c: '#f1c453',
    light: '#f1faee',
  },
  {
    sky: '#f6e7d7',
    far: '#dda15e',
    near: '#bc6c25',
    a: '#283618',
    b: '#606c38',
    c: '#fefae0',
    light: '#fffaf0',
  },
  {
    sky: '#e3f6ef',
    far: '#9ee0c4',
    near: '#3fa37e',
    a: '#1b4332',
    b: '#ffb703',
    c: '#fb8500',
    light: '#ffffff',
  },
  {
    sky: '#fbe4e8',
    far: '#f4a3b4',
    near: '#c9184a',
    a: '#3c096c',
    b: '#ffd166',
    c: '#06d6a0',
    light: '#fff0f3',
  },
  {
    sky: '#e5e9f0',
    far: '#a3b1c6',
    near: '#4c5c78',
    a: '#1f2937',
    b: '#f59e0b',
    c: '#10b981',
    light: '#f8fafc',
  },
  {
    sky: '#fff1d6',
    far: '#f2c57c',
    near: '#ddae7e',
    a: '#7f5539',
    b: '#6a994e',
    c: '#386641',
    light: '#fffdf5',
  },
];

/** Water stays blue whatever the palette: a red drop reads as blood. */
const waters = [
  { light: '#a8dadc', mid: '#457b9d', dark: '#1d3557' },
  { light: '#9ee0e6', mid: '#2a9d8f', dark: '#264653' },
  { light: '#bde0fe', mid: '#3a86c8', dark: '#1b4965' },
  { light: '#b8e0d2', mid: '#3f8f8a', dark: '#1f4e5f' },
];

/** People's skin, from dark to light, for the figures and portraits. */
const skins = ['#5c3a21', '#8d5524', '#a8683b', '#c68642', '#e0ac69', '#f1c27d', '#ffdbac'];

type Random = () => number;
/** mulberry32: small, fast and the same everywhere, so a seed always draws the same picture. */
export function seededRandom(seed: number): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
/** A picture's number from words of what it shows (FNV-1a): the same words, the same picture. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193);
  return hash >>> 0;
}
const between = (r: Random, lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

/** A wavy band from `y` down to the bottom of the picture. */
function wave(
  y: number,
  amplitude: number,
  length: number,
  phase: number,
  fill: string,
  opacity = 1,
): string {
  let d = `M0 ${y}`;
  for (let x = -phase; x < 1200; x += length)
    d += ` Q${x + length / 4} ${y - amplitude} ${x + length / 2} ${y} T${x + length} ${y}`;
  return `<path d="${d} L1200 800 L0 800 Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Rolling hills from `y` down, with `n` crests. */
function hills(r: Random, y: number, n: number, fill: string): string {
  let d = `M0 ${y + between(r, -30, 30)}`;
  const step = 1200 / n;
  for (let i = 0; i < n; i++)
    d += ` Q${i * step + step / 2} ${y - between(r, 40, 120)} ${(i + 1) * step} ${y + between(r, -30, 30)}`;
  return `<path d="${d} L1200 800 L0 800 Z" fill="${fill}"/>`;
}

function sun(r: Random, p: Palette): string {
  return `<circle cx="${between(r, 820, 1040)}" cy="${between(r, 150, 230)}" r="${between(r, 60, 90)}" fill="${p.light}" opacity="0.9"/>`;
}

/** A person seen from the front, flat: shoulders and a head. */
function figure(x: number, y: number, size: number, skin: string, clothes: string): string {
  const w = size * 0.9;
  return `<path d="M${x - w} ${y + size * 1.6} Q${x - w} ${y + size * 0.55} ${x} ${y + size * 0.55} Q${x + w} ${y + size * 0.55} ${x + w} ${y + size * 1.6} Z" fill="${clothes}"/><circle cx="${x}" cy="${y}" r="${size * 0.42}" fill="${skin}"/>`;
}

const draw: Record<PictureTheme, (r: Random, p: Palette) => string> = {
  supplies(r, p) {
    const cardboard = ['#d4a373', '#c68b59', '#e0b788', p.b];
    let boxes = '';
    const bottom = between(r, 3, 4);
    const w = 160;
    const h = 112;
    for (let row = 0; row < bottom; row++) {
      const count = bottom - row;
      const x0 = 600 - (count * w) / 2 + between(r, -12, 12);
      for (let i = 0; i < count; i++) {
        const x = x0 + i * w + 4;
        const y = 600 - (row + 1) * h;
        boxes += `<rect x="${x}" y="${y}" width="${w - 8}" height="${h - 6}" rx="6" fill="${pick(r, cardboard)}"/><rect x="${x + w / 2 - 18}" y="${y}" width="28" height="${h - 6}" fill="${p.light}" opacity="0.55"/><rect x="${x + 16}" y="${y + h - 48}" width="46" height="28" rx="3" fill="${p.light}" opacity="0.8"/>`;
      }
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/><rect y="600" width="1200" height="200" fill="${p.far}"/><rect x="${between(r, 60, 120)}" y="120" width="180" height="480" fill="${p.light}" opacity="0.5"/><rect x="250" y="600" width="700" height="34" rx="4" fill="${p.a}"/><rect x="280" y="634" width="60" height="26" fill="${p.a}"/><rect x="570" y="634" width="60" height="26" fill="${p.a}"/><rect x="860" y="634" width="60" height="26" fill="${p.a}"/>${boxes}`;
  },

  water(r, p) {
    const w = pick(r, waters);
    const x = between(r, 420, 780);
    let rain = '';
    for (let i = 0; i < between(r, 14, 26); i++) {
      const rx = between(r, 40, 1160);
      const ry = between(r, 60, 420);
      rain += `<path d="M${rx} ${ry} l-10 34" stroke="${w.mid}" stroke-width="6" stroke-linecap="round" opacity="0.45"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/>${rain}<path d="M${x} 120 C${x} 120 ${x - 150} 320 ${x - 150} 410 A150 150 0 0 0 ${x + 150} 410 C${x + 150} 320 ${x} 120 ${x} 120 Z" fill="${w.mid}"/><ellipse cx="${x - 60}" cy="400" rx="28" ry="56" fill="${p.light}" opacity="0.6"/>${wave(between(r, 540, 580), between(r, 20, 36), between(r, 180, 260), between(r, 0, 90), w.light, 0.9)}${wave(between(r, 620, 650), between(r, 16, 30), between(r, 160, 240), between(r, 0, 90), w.mid, 0.85)}${wave(between(r, 700, 720), 14, 200, between(r, 0, 90), w.dark)}`;
  },

  power(r, p) {
    const panels = between(r, 2, 3);
    let array = '';
    for (let i = 0; i < panels; i++) {
      const x = 120 + i * 300 + between(r, -10, 10);
      const y = between(r, 430, 470);
      let grid = '';
      for (let g = 1; g < 4; g++)
        grid += `<path d="M${x + 40 + g * 55} ${y} L${x + g * 55} ${y + 160}" stroke="${p.light}" stroke-width="4" opacity="0.5"/>`;
      grid += `<path d="M${x + 20} ${y + 80} L${x + 240} ${y + 80}" stroke="${p.light}" stroke-width="4" opacity="0.5"/>`;
      array += `<path d="M${x + 40} ${y} L${x + 260} ${y} L${x + 220} ${y + 160} L${x} ${y + 160} Z" fill="${p.a}"/>${grid}<rect x="${x + 110}" y="${y + 160}" width="14" height="${640 - y - 160}" fill="${p.a}"/>`;
    }
    let rays = '';
    const sx = between(r, 880, 1000);
    for (let i = 0; i < 12; i++) {
      const angle = (i * Math.PI) / 6;
      rays += `<path d="M${Math.round(sx + Math.cos(angle) * 110)} ${Math.round(190 + Math.sin(angle) * 110)} L${Math.round(sx + Math.cos(angle) * 150)} ${Math.round(190 + Math.sin(angle) * 150)}" stroke="${p.b}" stroke-width="12" stroke-linecap="round"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/><circle cx="${sx}" cy="190" r="86" fill="${p.b}"/>${rays}<rect y="640" width="1200" height="160" fill="${p.far}"/>${array}<rect x="${between(r, 960, 1000)}" y="470" width="120" height="170" rx="14" fill="${p.near}"/><rect x="1000" y="452" width="40" height="22" rx="4" fill="${p.near}"/><path d="M1046 500 L1010 566 L1036 566 L1022 618 L1066 546 L1040 546 Z" fill="${p.b}"/>`;
  },

  route(r, p) {
    let blocks = '';
    for (let gx = 0; gx < 6; gx++)
      for (let gy = 0; gy < 4; gy++)
        if (r() < 0.85)
          blocks += `<rect x="${30 + gx * 195}" y="${40 + gy * 185}" width="${between(r, 140, 170)}" height="${between(r, 130, 160)}" rx="14" fill="${r() < 0.3 ? p.far : p.sky}"/>`;
    // Both pins inside the middle that a 16:9 card keeps (y 62–737 of 800).
    const y0 = between(r, 560, 640);
    const y1 = between(r, 270, 340);
    const route = `M140 ${y0} C${between(r, 300, 460)} ${between(r, 300, 700)} ${between(r, 600, 800)} ${between(r, 100, 500)} 1040 ${y1}`;
    const pin = (x: number, y: number, fill: string) =>
      `<path d="M${x} ${y} C${x - 20} ${y - 40} ${x - 44} ${y - 58} ${x - 44} ${y - 86} A44 44 0 0 1 ${x + 44} ${y - 86} C${x + 44} ${y - 58} ${x + 20} ${y - 40} ${x} ${y} Z" fill="${fill}"/><circle cx="${x}" cy="${y - 86}" r="16" fill="${p.light}"/>`;
    return `<rect width="1200" height="800" fill="${p.light}"/>${blocks}<path d="M0 ${between(r, 300, 500)} C300 ${between(r, 200, 600)} 800 ${between(r, 200, 600)} 1200 ${between(r, 300, 500)}" stroke="${p.far}" stroke-width="46" fill="none" opacity="0.8"/><path d="${route}" stroke="${p.a}" stroke-width="14" stroke-dasharray="34 22" stroke-linecap="round" fill="none"/>${pin(140, y0, p.b)}${pin(1040, y1, p.near)}`;
  },

  people(r, p) {
    const n = between(r, 4, 6);
    const clothes = [p.near, p.a, p.b, p.c, p.far];
    let group = '';
    const gap = 900 / n;
    const bx = between(r, 880, 980);
    for (let i = 0; i < n; i++) {
      const size = between(r, 120, 150);
      group += figure(
        150 + gap / 2 + i * gap,
        between(r, 300, 360),
        size,
        pick(r, skins),
        clothes[i % clothes.length]!,
      );
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/><circle cx="${between(r, 200, 1000)}" cy="${between(r, 300, 420)}" r="${between(r, 280, 340)}" fill="${p.light}" opacity="0.7"/>${group}<rect x="${bx}" y="110" width="170" height="96" rx="24" fill="${p.light}"/><path d="M${bx + 40} 204 l-6 44 l44 -44 Z" fill="${p.light}"/><circle cx="${bx + 50}" cy="158" r="10" fill="${p.near}"/><circle cx="${bx + 85}" cy="158" r="10" fill="${p.near}"/><circle cx="${bx + 120}" cy="158" r="10" fill="${p.near}"/>`;
  },

  classroom(r, p) {
    let chalk = '';
    for (let i = 0; i < between(r, 3, 4); i++) {
      const y = 190 + i * 70;
      chalk += `<path d="M${between(r, 300, 340)} ${y} q30 -24 60 0 t60 0 t60 0 ${r() < 0.5 ? 't60 0 t60 0' : ''}" stroke="${p.light}" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.85"/>`;
    }
    let books = '';
    let x = between(r, 180, 260);
    while (x < 980) {
      const w = between(r, 40, 70);
      const h = between(r, 130, 190);
      const tilt = r() < 0.15 ? ` transform="rotate(${between(r, -14, -8)} ${x} 700)"` : '';
      books += `<rect x="${x}" y="${700 - h}" width="${w}" height="${h}" rx="5" fill="${pick(r, [p.near, p.a, p.b, p.c, p.far])}"${tilt}/><rect x="${x + 8}" y="${700 - h + 20}" width="${w - 16}" height="10" fill="${p.light}" opacity="0.6"${tilt}/>`;
      x += w + between(r, 4, 10);
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/><rect x="240" y="90" width="720" height="380" rx="16" fill="${p.a}"/><rect x="224" y="74" width="752" height="412" rx="22" fill="none" stroke="${p.near}" stroke-width="18"/>${chalk}<rect y="700" width="1200" height="100" fill="${p.near}"/>${books}`;
  },

  field(r, p) {
    let rows = '';
    for (let i = 0; i < 9; i++)
      rows += `<path d="M${600 + (i - 4) * 40} 520 L${600 + (i - 4) * 170} 800" stroke="${p.near}" stroke-width="14" opacity="0.55"/>`;
    let trees = '';
    for (let i = 0; i < between(r, 2, 4); i++) {
      const tx = between(r, 60, 1140);
      const ty = between(r, 440, 500);
      trees += `<rect x="${tx - 8}" y="${ty}" width="16" height="60" fill="${p.a}"/><circle cx="${tx}" cy="${ty - 20}" r="${between(r, 40, 60)}" fill="${p.near}"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/>${sun(r, p)}${hills(r, 470, between(r, 2, 4), p.far)}${trees}<rect y="520" width="1200" height="280" fill="${p.b}"/>${rows}`;
  },

  food(r, p) {
    let fruit = '';
    for (let i = 0; i < between(r, 5, 8); i++)
      fruit += `<circle cx="${between(r, 300, 640)}" cy="${between(r, 430, 500)}" r="${between(r, 36, 52)}" fill="${pick(r, [p.near, p.b, p.c])}"/>`;
    return `<rect width="1200" height="800" fill="${p.sky}"/><rect y="590" width="1200" height="210" fill="${p.a}"/><rect y="580" width="1200" height="20" fill="${p.near}"/>${fruit}<path d="M250 470 H690 A220 130 0 0 1 250 470 Z" fill="${p.far}"/><path d="M270 470 H670" stroke="${p.light}" stroke-width="10" opacity="0.6"/><path d="M800 590 C770 500 780 330 840 300 L${between(r, 930, 960)} 280 C1000 320 1010 500 990 590 Z" fill="${p.light}"/><path d="M836 300 L960 284" stroke="${p.near}" stroke-width="14" stroke-linecap="round"/><ellipse cx="${between(r, 940, 1000)}" cy="560" rx="110" ry="44" fill="${p.b}"/><path d="M900 548 l20 -20 M940 548 l20 -20 M980 548 l20 -20" stroke="${p.light}" stroke-width="6" stroke-linecap="round"/>`;
  },

  health(r, p) {
    const cx = between(r, 380, 520);
    let pills = '';
    for (let i = 0; i < between(r, 2, 3); i++) {
      const px = between(r, 780, 1060);
      const py = between(r, 160, 420);
      const turn = between(r, -50, 50);
      pills += `<g transform="rotate(${turn} ${px} ${py})"><rect x="${px - 70}" y="${py - 26}" width="140" height="52" rx="26" fill="${p.c}"/><rect x="${px}" y="${py - 26}" width="70" height="52" rx="26" fill="${p.b}"/><rect x="${px}" y="${py - 26}" width="30" height="52" fill="${p.b}"/></g>`;
    }
    const beat = between(r, 560, 620);
    return `<rect width="1200" height="800" fill="${p.sky}"/><circle cx="${cx}" cy="330" r="210" fill="${p.near}"/><rect x="${cx - 45}" y="200" width="90" height="260" rx="12" fill="${p.light}"/><rect x="${cx - 130}" y="285" width="260" height="90" rx="12" fill="${p.light}"/>${pills}<path d="M0 ${beat + 80} H${between(r, 480, 560)} l30 -80 l40 170 l40 -230 l36 140 H1200" stroke="${p.a}" stroke-width="14" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`;
  },

  film(r, p) {
    let holes = '';
    for (let i = 0; i < 16; i++)
      holes += `<rect x="${i * 80 + 18}" y="12" width="40" height="26" rx="5" fill="${p.a}"/><rect x="${i * 80 + 18}" y="142" width="40" height="26" rx="5" fill="${p.a}"/>`;
    let frames = '';
    for (let i = 0; i < 5; i++)
      frames += `<rect x="${i * 260 + 20}" y="52" width="230" height="76" rx="6" fill="${pick(r, [p.far, p.c, p.b])}"/>`;
    let stripes = '';
    for (let i = 0; i < 6; i++)
      stripes += `<path d="M${640 + i * 80} 380 l50 0 l-40 70 l-50 0 Z" fill="${p.light}"/>`;
    let notes = '';
    for (let i = 0; i < between(r, 2, 3); i++) {
      const nx = between(r, 120, 420);
      const ny = between(r, 380, 560);
      notes += `<ellipse cx="${nx}" cy="${ny}" rx="34" ry="26" fill="${p.b}" transform="rotate(-20 ${nx} ${ny})"/><rect x="${nx + 24}" y="${ny - 150}" width="12" height="150" fill="${p.b}"/><path d="M${nx + 30} ${ny - 150} q50 20 40 80" stroke="${p.b}" stroke-width="12" fill="none"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.a}"/><g transform="translate(0 ${between(r, 40, 120)}) rotate(${between(r, -6, -2)} 600 90)"><rect x="-20" y="0" width="1240" height="180" fill="${p.near}"/>${holes}${frames}</g><rect x="600" y="450" width="520" height="290" rx="16" fill="${p.near}"/><rect x="600" y="380" width="520" height="70" fill="${p.a}" stroke="${p.near}" stroke-width="10"/>${stripes}<circle cx="660" cy="500" r="18" fill="${p.light}"/>${notes}`;
  },

  coast(r, p) {
    const w = pick(r, waters);
    let boats = '';
    for (let i = 0; i < between(r, 1, 3); i++) {
      const bx = between(r, 160 + i * 320, 300 + i * 320);
      const by = between(r, 520, 600);
      boats += `<path d="M${bx - 110} ${by} L${bx + 110} ${by} L${bx + 80} ${by + 50} L${bx - 80} ${by + 50} Z" fill="${pick(r, [p.c, p.b, p.near])}"/><rect x="${bx - 4}" y="${by - 170}" width="8" height="170" fill="${p.a}"/><path d="M${bx + 8} ${by - 160} L${bx + 8} ${by - 20} L${bx + 100} ${by - 20} Z" fill="${p.light}"/>`;
    }
    let gulls = '';
    for (let i = 0; i < between(r, 2, 4); i++) {
      const gx = between(r, 100, 800);
      const gy = between(r, 110, 300);
      gulls += `<path d="M${gx - 26} ${gy} q13 -16 26 0 q13 -16 26 0" stroke="${p.a}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/>${sun(r, p)}${gulls}<path d="M${between(r, 700, 800)} 500 Q${between(r, 900, 1000)} ${between(r, 340, 400)} 1200 ${between(r, 420, 470)} L1200 520 L700 520 Z" fill="${p.near}" opacity="0.8"/>${wave(500, 12, 220, between(r, 0, 100), w.light)}${boats}${wave(650, 16, 200, between(r, 0, 100), w.mid, 0.9)}${wave(730, 14, 240, between(r, 0, 100), w.dark)}`;
  },

  mountain(r, p) {
    const peak = (x: number, top: number, half: number, fill: string) =>
      `<path d="M${x - half} 640 L${x} ${top} L${x + half} 640 Z" fill="${fill}"/><path d="M${x - half * 0.28} ${top + (640 - top) * 0.28} L${x} ${top} L${x + half * 0.28} ${top + (640 - top) * 0.28} L${x + half * 0.1} ${top + (640 - top) * 0.22} L${x - half * 0.06} ${top + (640 - top) * 0.3} Z" fill="${p.light}"/>`;
    const fx = between(r, 640, 760);
    return `<rect width="1200" height="800" fill="${p.sky}"/>${sun(r, p)}${peak(between(r, 220, 340), between(r, 200, 260), 340, p.far)}${peak(between(r, 820, 960), between(r, 160, 220), 380, p.near)}${peak(between(r, 520, 620), between(r, 120, 170), 330, p.a)}<path d="M0 620 Q300 570 600 620 T1200 600 L1200 800 L0 800 Z" fill="${p.light}"/><rect x="${fx}" y="560" width="8" height="90" fill="${p.a}"/><path d="M${fx + 8} 560 l70 22 l-70 22 Z" fill="${p.c}"/>`;
  },

  shelter(r, p) {
    let tents = '';
    const n = between(r, 2, 3);
    for (let i = 0; i < n; i++) {
      const tx = 220 + i * (760 / Math.max(1, n - 1)) + between(r, -30, 30);
      const w = between(r, 150, 200);
      const h = between(r, 170, 230);
      const colour = pick(r, [p.c, p.b, p.near]);
      tents += `<path d="M${tx - w} 620 L${tx} ${620 - h} L${tx + w} 620 Z" fill="${colour}"/><path d="M${tx - w * 0.3} 620 L${tx} ${620 - h * 0.55} L${tx + w * 0.3} 620 Z" fill="${p.a}"/><path d="M${tx} ${620 - h} L${tx} ${620 - h - 30}" stroke="${p.a}" stroke-width="8"/>`;
    }
    return `<rect width="1200" height="800" fill="${p.sky}"/>${sun(r, p)}${hills(r, 520, 3, p.far)}<rect y="600" width="1200" height="200" fill="${p.light}"/><rect y="620" width="1200" height="180" fill="${p.far}" opacity="0.6"/>${tents}`;
  },

  sports(r, p) {
    let stripes = '';
    for (let i = 0; i < 6; i++)
      stripes += `<rect x="${i * 200}" y="420" width="100" height="380" fill="${p.near}" opacity="0.25"/>`;
    let net = '';
    for (let i = 1; i < 8; i++)
      net += `<path d="M${300 + i * 75} 200 V440" stroke="${p.light}" stroke-width="4" opacity="0.6"/>`;
    for (let i = 1; i < 4; i++)
      net += `<path d="M300 ${200 + i * 60} H900" stroke="${p.light}" stroke-width="4" opacity="0.6"/>`;
    const bx = between(r, 220, 980);
    const by = between(r, 560, 660);
    return `<rect width="1200" height="800" fill="${p.sky}"/><rect y="420" width="1200" height="380" fill="${p.c}"/>${stripes}${net}<path d="M300 440 V200 H900 V440" stroke="${p.light}" stroke-width="16" fill="none"/><path d="M0 700 Q600 620 1200 700" stroke="${p.light}" stroke-width="8" fill="none" opacity="0.8"/><circle cx="${bx}" cy="${by}" r="70" fill="${p.light}"/><path d="M${bx} ${by - 26} l25 18 l-10 29 h-30 l-10 -29 Z" fill="${p.a}"/><path d="M${bx} ${by - 26} V${by - 70} M${bx + 25} ${by - 8} L${bx + 66} ${by - 22} M${bx + 15} ${by + 21} L${bx + 40} ${by + 56} M${bx - 15} ${by + 21} L${bx - 40} ${by + 56} M${bx - 25} ${by - 8} L${bx - 66} ${by - 22}" stroke="${p.a}" stroke-width="6"/>`;
  },
};

/**
 * A picture about `theme`, drawn from `seed` (its palette, counts and places). Drawn on a 3:2
 * canvas; a wider picture (16:9) shows its middle, where each drawing keeps what matters.
 */
export function demoPicture(
  theme: PictureTheme,
  seed: number,
  size: { width: number; height: number } = { width: 960, height: 640 },
): string {
  const r = seededRandom(seed);
  const palette = palettes[Math.floor(r() * palettes.length)]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${draw[theme](r, palette)}</svg>`;
}

export type Portrait = {
  skin: number;
  hair: 'short' | 'long' | 'bun' | 'curly' | 'wrap';
  hairColour: string;
  clothes: string;
  background: string;
  glasses?: boolean;
  beard?: boolean;
};

/** A flat head-and-shoulders portrait, for the few demo people who set a picture. */
export function demoPortrait(p: Portrait): string {
  const skin = skins[p.skin]!;
  const behind =
    p.hair === 'long'
      ? `<path d="M66 120 Q66 44 128 44 Q190 44 190 120 L196 214 L60 214 Z" fill="${p.hairColour}"/>`
      : p.hair === 'bun'
        ? `<circle cx="128" cy="40" r="26" fill="${p.hairColour}"/>`
        : '';
  const top =
    p.hair === 'short'
      ? `<path d="M80 112 Q78 56 128 52 Q178 56 176 112 Q162 84 128 82 Q96 84 80 112 Z" fill="${p.hairColour}"/>`
      : p.hair === 'long'
        ? `<path d="M78 118 Q80 58 128 56 Q176 58 178 118 Q150 86 112 90 Q92 96 78 118 Z" fill="${p.hairColour}"/>`
        : p.hair === 'bun'
          ? `<path d="M80 110 Q80 58 128 56 Q176 58 176 110 Q160 82 128 80 Q96 82 80 110 Z" fill="${p.hairColour}"/>`
          : p.hair === 'curly'
            ? [
                [84, 96],
                [96, 72],
                [120, 60],
                [146, 62],
                [166, 76],
                [176, 100],
                [108, 64],
              ]
                .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="24" fill="${p.hairColour}"/>`)
                .join('')
            : `<path d="M70 120 Q58 26 128 18 Q198 26 186 120 Q162 90 128 90 Q94 90 70 120 Z" fill="${p.hairColour}"/><ellipse cx="154" cy="30" rx="30" ry="20" transform="rotate(-20 154 30)" fill="${p.hairColour}"/><path d="M78 96 Q120 44 176 62 M84 76 Q128 30 170 40" stroke="${p.background}" stroke-width="6" fill="none" opacity="0.45"/>`;
  const glasses = p.glasses
    ? `<circle cx="108" cy="126" r="15" fill="none" stroke="#1f2937" stroke-width="5"/><circle cx="148" cy="126" r="15" fill="none" stroke="#1f2937" stroke-width="5"/><path d="M123 126 h10" stroke="#1f2937" stroke-width="5"/>`
    : '';
  const beard = p.beard
    ? `<path d="M84 134 Q86 186 128 190 Q170 186 172 134 Q160 160 128 162 Q96 160 84 134 Z" fill="${p.hairColour}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="${p.background}"/>${behind}<path d="M28 256 Q30 196 128 192 Q226 196 228 256 Z" fill="${p.clothes}"/><rect x="110" y="160" width="36" height="40" rx="12" fill="${skin}"/><ellipse cx="128" cy="124" rx="48" ry="56" fill="${skin}"/>${top}${beard}<circle cx="108" cy="128" r="5" fill="#1f2937"/><circle cx="148" cy="128" r="5" fill="#1f2937"/><path d="M112 152 Q128 164 144 152" stroke="#1f2937" stroke-width="5" fill="none" stroke-linecap="round"/>${glasses}</svg>`;
}
