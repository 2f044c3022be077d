import { extractHashtags } from '@muster/contract/hashtags';
import sharp from 'sharp';
import type { DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

const places = [
  { address: 'Ikeja, Lagos, Nigeria', coordinates: [3.3515, 6.6018] },
  { address: 'Ho, Volta Region, Ghana', coordinates: [0.4713, 6.6008] },
  { address: 'Valparaíso, Chile', coordinates: [-71.6127, -33.0472] },
  { address: 'Pasir Ris, Singapore', coordinates: [103.9496, 1.3721] },
  { address: 'Sendai, Miyagi, Japan', coordinates: [140.8694, 38.2682] },
  { address: 'Kumasi, Ghana', coordinates: [-1.6244, 6.6885] },
  { address: 'Amman, Jordan', coordinates: [35.9106, 31.9539] },
  { address: 'Durban, South Africa', coordinates: [31.0218, -29.8587] },
] as const;

type Template = {
  kind: 'need' | 'want' | 'provision' | 'general';
  category?: string;
  title?: string;
  content: string;
  emergency?: boolean;
  review?: boolean;
  /** As the server would have unfurled it (the demo machine may be offline). */
  preview?: { url: string; title: string; description: string; siteName: string };
};

const templates: Template[] = [
  {
    kind: 'general',
    content:
      'Before the rainy season: the flood checklist we hand out at workshops is based on this one. https://www.ready.gov/floods #preparedness #floodrelief',
    preview: {
      url: 'https://www.ready.gov/floods',
      title: 'Floods | Ready.gov',
      description: 'Learn how to prepare for a flood, stay safe during one, and what to do when it is over.',
      siteName: 'Ready.gov',
    },
  },
  {
    kind: 'need',
    category: 'Transport',
    title: 'Vans to move drinking water',
    content:
      'We need two vans on Saturday to move 400 crates of water to the shelters. Fuel covered. #floodrelief #transport',
    emergency: true,
  },
  {
    kind: 'need',
    category: 'Medical supplies',
    title: 'Gloves and glucose strips',
    content:
      'Our mobile clinic is out of nitrile gloves (M and L) and glucose strips. Any amount helps. #healthcare #mobileclinic',
  },
  {
    kind: 'provision',
    category: 'Transport',
    title: 'Flatbed truck free this weekend',
    content:
      'Flatbed truck with driver, free Saturday and Sunday within 80 km. Ask me. #transport #volunteer',
  },
  {
    kind: 'provision',
    category: 'Shelter',
    title: 'Forty camp beds to lend',
    content:
      'We have forty folding camp beds in storage, clean and ready. Collect from our hall. #shelter #floodrelief',
  },
  {
    kind: 'want',
    category: 'Design',
    title: 'An illustrator for a wordless guide',
    content: 'Looking for someone who draws clear diagrams for our shelter assembly guide. #design #creative',
  },
  {
    kind: 'provision',
    category: 'Skills',
    title: 'First-aid training for your group',
    content:
      'I can run a two-hour first-aid session for up to 20 people, free for community groups. #firstaid #training',
  },
  {
    kind: 'general',
    content:
      'Day three of the river clean-up: 1.2 tonnes collected. Thank you to everyone who came with gloves and patience! #cleanup #community',
  },
  {
    kind: 'general',
    content:
      'Our mangrove survey found seedlings at 31 of 40 sites. Citizen scientists with boats made this possible. #science #mangroves',
    review: true,
  },
  {
    kind: 'need',
    category: 'Food',
    title: 'Rice and oil for 120 families',
    content:
      'The food bank is short of rice and cooking oil this month. Drop-off Monday to Friday. #food #foodbank',
  },
  {
    kind: 'provision',
    category: 'Power',
    title: 'Two solar generators on loan',
    content: 'Two 2 kW solar generators available for clinics or shelters for up to a month. #solar #power',
  },
  {
    kind: 'general',
    content:
      'Reminder: earthquake drill at the community centre on Sunday at 10. Bring your go-bag and we will check it together. #preparedness',
  },
  {
    kind: 'want',
    category: 'Translation',
    title: 'Tagalog and Vietnamese translators',
    content:
      'Our preparedness leaflets need translating before the next workshop. Two pages each. #translation #preparedness',
  },
  {
    kind: 'general',
    content:
      'Wrapped the sound recording in Caleta Portales this week. The fishermen’s songs are something else. #documentary #creative',
    review: true,
  },
  {
    kind: 'need',
    category: 'Volunteers',
    title: 'Sandbag crew tonight',
    content:
      'River is rising at the north bridge. We need 15 people to fill sandbags from 6 pm. #floodrelief #volunteer',
    emergency: true,
  },
  {
    kind: 'provision',
    category: 'Tools',
    title: 'Chainsaws and a trained crew',
    content:
      'After the storm we can clear fallen trees on access roads. Two chainsaws, certified crew. #storm #tools',
  },
];

function bannerSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="hsl(${hue},55%,70%)"/><circle cx="900" cy="220" r="90" fill="hsla(50,100%,95%,0.85)"/><path d="M0 560 L300 380 L560 520 L820 330 L1200 560 L1200 800 L0 800 Z" fill="hsl(${hue},40%,38%)"/></svg>`;
}

/** About two hundred posts over the last ten days, with pictures, places, reviews, likes and comments. */
export const postsSeed: DemoSeed = {
  name: 'posts',
  async run({ db, media }) {
    const users = await db.selectFrom('users').select(['id', 'username']).orderBy('createdAt').execute();
    if (users.length < 2) return;
    const images: string[] = [];
    for (const hue of [15, 45, 95, 160, 200, 240, 290, 330]) {
      const png = await sharp(Buffer.from(bannerSvg(hue)))
        .png()
        .toBuffer();
      images.push(
        await media.saveImage(`data:image/png;base64,${png.toString('base64')}`, { maxDimension: 1200 }),
      );
    }
    const total = 200;
    const now = Date.now();
    for (let i = 0; i < total; i++) {
      const t = templates[i % templates.length]!;
      const author = users[(i * 7) % users.length]!;
      const place = places[(i * 3) % places.length]!;
      const createdAt = new Date(now - (total - i) * 71 * 60_000);
      const id = newId();
      const hashtags = extractHashtags(`${t.title ?? ''} ${t.content}`);
      const isNeed = t.kind === 'need' || t.kind === 'want';
      await db
        .insertInto('posts')
        .values({
          id,
          authorId: author.id,
          kind: t.kind,
          title: t.title ?? '',
          content: t.content,
          category: t.category ?? null,
          status: isNeed ? (i % 9 === 0 ? 'fulfilled' : 'open') : null,
          image: i % 3 === 0 ? images[i % images.length]! : null,
          review: t.review
            ? JSON.stringify({
                rating: 4 + (i % 3) / 2,
                title: 'My review of the day',
                description: 'Well organised and kind people.',
              })
            : null,
          mapLocation: i % 2 === 0 ? JSON.stringify(place) : null,
          emergencyEmoji: t.emergency ? '🚨' : null,
          linkPreview: t.preview ? JSON.stringify(t.preview) : null,
          hashtags,
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
      if (hashtags.length) {
        await db
          .insertInto('postHashtags')
          .values(hashtags.map((tag) => ({ postId: id, tag, kind: t.kind, createdAt })))
          .execute();
      }
      const likers = users.filter((u, k) => u.id !== author.id && (k + i) % 3 === 0);
      if (likers.length) {
        await db
          .insertInto('postLikes')
          .values(likers.map((u) => ({ postId: id, userId: u.id, createdAt })))
          .execute();
      }
      const commenter = users[(i * 5 + 1) % users.length]!;
      const comments = i % 4 === 0 && commenter.id !== author.id ? 1 : 0;
      if (comments) {
        await db
          .insertInto('comments')
          .values({
            id: newId(),
            postId: id,
            authorId: commenter.id,
            parentId: null,
            content: 'I can help with this — messaging you now.',
            createdAt,
          })
          .execute();
      }
      await db
        .updateTable('posts')
        .set({ likeCount: likers.length, commentCount: comments })
        .where('id', '=', id)
        .execute();
    }
  },
};
