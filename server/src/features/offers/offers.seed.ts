import type { Insertable } from 'kysely';
import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import type { OffersTable } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

type Status = 'pending' | 'accepted' | 'declined' | 'withdrawn';
/** One offer: who makes it, in what state, how many hours ago, and what they say. */
type DemoOffer = {
  from: string;
  status: Status;
  hoursAgo: number;
  message: string;
  give?: string;
  when?: string;
};

/**
 * Offers the demo person received on their open wants and needs, matched by the post's title; any
 * other open need or want of theirs gets the `otherwise` ones (the posts seed may grow).
 */
const onDemoPosts: Array<{ title: RegExp; offers: DemoOffer[] }> = [
  {
    title: /isiZulu voice notes/i,
    offers: [
      {
        from: 'sipho_ndlovu',
        status: 'accepted',
        hoursAgo: 70,
        message:
          'My gogo listens to every voice note twice, so I know what works: slow, calm, and the street names first. I can record whenever an alert comes in, even at night.',
        when: 'Evenings, and at night when the weather service issues a red alert',
      },
      {
        from: 'yuki_tanaka',
        status: 'pending',
        hoursAgo: 20,
        message:
          'I do not speak isiZulu, but in Sendai we wrote one short script per alert level so volunteers only fill in the place and time. Happy to share our templates and how we test them with older residents.',
        give: 'Alert scripts for four warning levels, and our checklist for recording',
      },
      {
        from: 'omar_haddad',
        status: 'pending',
        hoursAgo: 9,
        message:
          'Our students recorded alerts in Arabic and Dari last winter. The trick was a cheap lapel mic and a quiet cupboard. I can walk your volunteers through the setup on a call.',
        when: 'Any weekday after 4 pm your time',
      },
      {
        from: 'kwame_asante',
        status: 'declined',
        hoursAgo: 60,
        message:
          'I could help you set up a WhatsApp broadcast list so one recording reaches every street group at once.',
      },
      {
        from: 'tunde_bakare',
        status: 'withdrawn',
        hoursAgo: 52,
        message:
          'I edit audio for a living and could clean up the recordings before they go out. Sending this now and checking my schedule.',
      },
    ],
  },
];

const otherwise: DemoOffer[] = [
  {
    from: 'ada_okafor',
    status: 'pending',
    hoursAgo: 14,
    message:
      'We faced exactly this in Ikeja last rainy season. I can help you plan it and share the lists we used, so you do not start from zero.',
  },
  {
    from: 'wanjiru_kamau',
    status: 'pending',
    hoursAgo: 30,
    message:
      'Count me in for whatever can be done from a distance. I am good at chasing people for answers and keeping a tidy list.',
    when: 'Two hours on Tuesdays and Thursdays',
  },
];

/** Offers to the demo person's missions, by the mission's title; any other mission of theirs gets `otherwiseMission`. */
const onDemoMissions: Array<{ title: RegExp; offers: DemoOffer[] }> = [
  {
    title: /Umlazi flood recovery/i,
    offers: [
      {
        from: 'ada_okafor',
        status: 'pending',
        hoursAgo: 6,
        message:
          'When we ran the Ikeja depot, numbering every parcel by street saved us hours at the door. I can set that up for your hall remotely and train whoever is on the Tuesday rota.',
        give: 'Our tracking sheet and loading plan',
      },
      {
        from: 'grace_mensah',
        status: 'pending',
        hoursAgo: 26,
        message:
          'After floods we always see skin infections and missed blood pressure pills. I can put together a one-page health checklist for the families still in the hall, and answer questions on a video call.',
        when: 'Saturday mornings',
      },
      {
        from: 'maria_santos',
        status: 'accepted',
        hoursAgo: 80,
        message:
          'I ran the health desk at the evacuation centre in Palo for three weeks. If your hall stays open another week, I can help you plan the night shifts so nobody burns out.',
      },
      {
        from: 'rafael_costa',
        status: 'withdrawn',
        hoursAgo: 90,
        message:
          'We dried out forty houses in Eldorado do Sul with borrowed fans and a lot of bleach. I could send our cleaning guide, but let me first check it still matches what we learned later.',
      },
    ],
  },
];

const otherwiseMission: DemoOffer[] = [
  {
    from: 'lena_fischer',
    status: 'pending',
    hoursAgo: 12,
    message:
      'Our shift planner is free for community groups. I would be glad to set it up for your team and stay around for the first two weeks.',
  },
];

/** Offers the demo person made on other people's needs, by the author and the post's title. */
const byDemo: Array<{ author: string; title: RegExp; offer: Omit<DemoOffer, 'from'> }> = [
  {
    author: 'sipho_ndlovu',
    title: /stock spreadsheet/i,
    offer: {
      status: 'pending',
      hoursAgo: 18,
      message:
        'Sipho, I kept the stock sheet for St Luke’s through the floods. Three notebooks into one sheet is a Saturday’s work; after that two hours a week is plenty. Shall I come by the food bank?',
      when: 'Saturday afternoons',
    },
  },
  {
    author: 'grace_mensah',
    title: /Lancets and test strips/i,
    offer: {
      status: 'accepted',
      hoursAgo: 75,
      message:
        'A pharmacy in Chatsworth gave us twelve boxes of Accu-Chek strips and lancets, all dated 2027. We do not need them now that the health desk has closed. I can courier them to Ho.',
      give: '12 boxes of Accu-Chek strips and lancets, unopened',
    },
  },
  {
    author: 'arjun_mehta',
    title: /GIS volunteers/i,
    offer: {
      status: 'declined',
      hoursAgo: 100,
      message:
        'I have never used QGIS, but I spent a month sorting flood reports by street for our ward councillor, and I learn fast. If the mentor has room for one more newcomer, I would love to help.',
    },
  },
  {
    author: 'rafael_costa',
    title: /seed-saving weekend/i,
    offer: {
      status: 'withdrawn',
      hoursAgo: 120,
      message:
        'I will be in Porto Alegre for a conference that week and could give you the Saturday, gloves and all. I would love to learn how you dry and store the seed.',
    },
  },
  {
    author: 'amina_diallo',
    title: /beach clean-up in Yoff/i,
    offer: {
      status: 'pending',
      hoursAgo: 4,
      message:
        'Not in Dakar, sadly, but our beach clean-up crew in Durban wrote a short guide on sorting what you collect so the recyclers take it. Happy to send it over and talk it through.',
      give: 'Our sorting guide, in English and French',
    },
  },
];

/**
 * The demo person's offers of help (runs after the posts seed, before notifications): offers on
 * their open needs and wants and to their missions, in every state, and offers they made on other
 * people's needs. People blocked either way with the demo person are left out, as live offers would be.
 */
export const offersSeed: DemoSeed = {
  name: 'offers',
  async run({ db }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const demo = users.get(DEMO_LOGIN.username);
    if (!demo) return;
    const blocked = new Set(
      (
        await db
          .selectFrom('blocks')
          .select(['blockerId', 'blockedId'])
          .where((eb) => eb.or([eb('blockerId', '=', demo), eb('blockedId', '=', demo)]))
          .execute()
      ).map((b) => (b.blockerId === demo ? b.blockedId : b.blockerId)),
    );
    const now = Date.now();
    const rows: Insertable<OffersTable>[] = [];
    const add = (
      o: DemoOffer & { helperId: string; ownerId: string; postId?: string; missionId?: string; after: Date },
    ) => {
      if (o.helperId === o.ownerId || blocked.has(o.helperId) || blocked.has(o.ownerId)) return;
      // Never before what it answers.
      const createdAt = new Date(Math.max(now - o.hoursAgo * 3_600_000, o.after.getTime() + 3_600_000));
      const decidedAt =
        o.status === 'pending' ? null : new Date(Math.min(now - 60_000, createdAt.getTime() + 5 * 3_600_000));
      rows.push({
        id: newId(),
        postId: o.postId ?? null,
        missionId: o.missionId ?? null,
        helperId: o.helperId,
        ownerId: o.ownerId,
        message: o.message,
        give: o.give ?? '',
        available: o.when ?? '',
        status: o.status,
        createdAt,
        decidedAt,
      });
    };

    const openPosts = await db
      .selectFrom('posts')
      .select(['id', 'authorId', 'title', 'createdAt'])
      .where('kind', 'in', ['need', 'want'])
      .where('status', '=', 'open')
      .execute();
    for (const p of openPosts.filter((p) => p.authorId === demo)) {
      const offers = onDemoPosts.find((d) => d.title.test(p.title))?.offers ?? otherwise;
      for (const o of offers) {
        const helperId = users.get(o.from);
        if (helperId) add({ ...o, helperId, ownerId: demo, postId: p.id, after: p.createdAt });
      }
    }
    const missions = await db
      .selectFrom('missions')
      .select(['id', 'title', 'createdAt'])
      .where('ownerId', '=', demo)
      .execute();
    for (const m of missions) {
      const offers = onDemoMissions.find((d) => d.title.test(m.title))?.offers ?? otherwiseMission;
      for (const o of offers) {
        const helperId = users.get(o.from);
        if (helperId) add({ ...o, helperId, ownerId: demo, missionId: m.id, after: m.createdAt });
      }
    }
    for (const d of byDemo) {
      const ownerId = users.get(d.author);
      const p = openPosts.find((p) => p.authorId === ownerId && d.title.test(p.title));
      if (ownerId && p)
        add({
          ...d.offer,
          from: DEMO_LOGIN.username,
          helperId: demo,
          ownerId,
          postId: p.id,
          after: p.createdAt,
        });
    }
    if (rows.length) await db.insertInto('offers').values(rows).execute();
  },
};
