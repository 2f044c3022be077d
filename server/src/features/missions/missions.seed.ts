import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { demoPicture, type PictureTheme, seedOf } from '../../db/demo-pictures.js';
import { newId } from '../../platform/ids.js';
import { placeAndTextColumns } from '../../platform/places.js';

const DAY = 86_400_000;

type DemoMission = {
  title: string;
  owner: string;
  type: 'collaboration' | 'partnership';
  category: string;
  location: string;
  coordinates: [number, number];
  description: string;
  /** What its photo shows (decision 053). */
  picture: PictureTheme;
  partners?: string[];
  collaborators?: string[];
  followers?: string[];
  /** Days since it started. */
  age: number;
  completed?: boolean;
};

/**
 * The community's missions. The ones with updates are the missions the posts seed's mission
 * updates belong to (same titles), and their members include everyone who posts those updates.
 */
export const demoMissions: DemoMission[] = [
  {
    title: 'Umlazi flood recovery',
    owner: DEMO_LOGIN.username,
    type: 'collaboration',
    category: 'Disaster response',
    location: 'Umlazi, Durban, South Africa',
    coordinates: [30.8856, -29.9706],
    description:
      'After the April floods, we are getting the families of V Section and Malukazi back into dry homes: sandbags before the next rains, clean-up crews on Saturdays, and a list of who still needs a mattress, a stove or a door. Partners bring people and stock; collaborators take a street each.',
    picture: 'water',
    partners: ['sipho_ndlovu'],
    collaborators: ['ada_okafor', 'lena_fischer'],
    followers: ['mei_chen', 'yuki_tanaka', 'omar_haddad'],
    age: 30,
  },
  {
    title: 'Voces del Puerto',
    owner: 'diego_alvarez',
    type: 'partnership',
    category: 'Film',
    location: 'Valparaíso, Chile',
    coordinates: [-71.6127, -33.0472],
    description:
      'A feature documentary about the last fishing coves of Valparaíso, told by the families who still go out before dawn. We are in the edit and need a score, subtitles in English and Portuguese, and screenings in the caletas themselves.',
    picture: 'film',
    partners: ['tunde_bakare'],
    collaborators: ['tomas_novak'],
    followers: [DEMO_LOGIN.username, 'sofia_rossi'],
    age: 60,
  },
  {
    title: 'Pasir Ris mangrove survey',
    owner: 'mei_chen',
    type: 'collaboration',
    category: 'Research',
    location: 'Pasir Ris, Singapore',
    coordinates: [103.9494, 1.3817],
    description:
      'A citizen-science survey of the mangrove belt from Pasir Ris to Pulau Ubin: tree counts, seedling plots and wave height at high tide, every second Sunday. Boat owners and anyone who can stand in mud for three hours are welcome.',
    picture: 'coast',
    collaborators: ['arjun_mehta', 'wanjiru_kamau'],
    followers: [DEMO_LOGIN.username],
    age: 45,
  },
  {
    title: 'Mutha river flood map',
    owner: 'arjun_mehta',
    type: 'collaboration',
    category: 'Open data',
    location: 'Pune, Maharashtra, India',
    coordinates: [73.8567, 18.5204],
    description:
      "An open map of which streets along the Mutha flood, and how deep, built from residents' reports and drone photos, so the city can warn the right lanes when the dam gates open.",
    picture: 'route',
    collaborators: ['lena_fischer', 'mei_chen'],
    followers: ['sipho_ndlovu'],
    age: 35,
  },
  {
    title: 'Volta mobile clinic week',
    owner: 'grace_mensah',
    type: 'collaboration',
    category: 'Healthcare',
    location: 'Ho, Volta Region, Ghana',
    coordinates: [0.4713, 6.6008],
    description:
      'Five days, eight villages: antenatal checks, diabetes screening and vaccinations from the back of two vans. We need drivers, a second nurse and someone to keep the vaccine cold box charged.',
    picture: 'health',
    partners: ['kwame_asante'],
    collaborators: ['omar_haddad', 'maria_santos'],
    followers: [DEMO_LOGIN.username, 'wanjiru_kamau'],
    age: 25,
  },
  {
    title: 'Sanriku coast clean-up',
    owner: 'yuki_tanaka',
    type: 'collaboration',
    category: 'Environment',
    location: 'Minamisanriku, Miyagi, Japan',
    coordinates: [141.4244, 38.6794],
    description:
      'Monthly beach and estuary clean-ups on the Sanriku coast, with a preparedness drill for the children who come along. Gloves, bags and onigiri provided.',
    picture: 'coast',
    collaborators: ['jonas_berg', 'liam_walsh'],
    age: 50,
  },
  {
    title: 'Solar for Ashanti clinics',
    owner: 'kwame_asante',
    type: 'partnership',
    category: 'Energy',
    location: 'Kumasi, Ashanti, Ghana',
    coordinates: [-1.6244, 6.6885],
    description:
      'Panels and batteries for twelve rural clinics, so that vaccine fridges never go warm and nobody gives birth by torchlight. Partners fund a clinic or lend an electrician; collaborators help with surveys and training.',
    picture: 'power',
    partners: ['grace_mensah'],
    collaborators: ['amina_diallo'],
    followers: [DEMO_LOGIN.username, 'ada_okafor'],
    age: 70,
  },
  {
    title: 'Volunteer shift planner',
    owner: 'lena_fischer',
    type: 'collaboration',
    category: 'Technology',
    location: 'Berlin, Germany (remote)',
    coordinates: [13.405, 52.52],
    description:
      'A free, open-source shift planner for relief groups: volunteers pick and swap shifts from their phones, coordinators see the gaps. We test every release with real food banks and flood crews.',
    picture: 'people',
    collaborators: [DEMO_LOGIN.username, 'arjun_mehta'],
    followers: ['sipho_ndlovu'],
    age: 40,
  },
  {
    title: 'Replant Eldorado do Sul',
    owner: 'rafael_costa',
    type: 'collaboration',
    category: 'Agriculture',
    location: 'Eldorado do Sul, Rio Grande do Sul, Brazil',
    coordinates: [-51.3089, -30.0847],
    description:
      'Replanting family farms after the floods with native seed and shared machinery: one tractor, forty farms, a seed library in the old school.',
    picture: 'field',
    collaborators: ['amina_diallo'],
    followers: ['sofia_rossi'],
    age: 55,
  },
  {
    title: 'Makoko waterfront film week',
    owner: 'tunde_bakare',
    type: 'collaboration',
    category: 'Film',
    location: 'Makoko, Lagos, Nigeria',
    coordinates: [3.3903, 6.4967],
    description:
      'A week of filmmaking workshops with young people from the Makoko waterfront, ending in a screening on the water. Done: twelve short films, and a projector that stays with the community centre.',
    picture: 'film',
    collaborators: ['diego_alvarez'],
    followers: ['ada_okafor'],
    age: 90,
    completed: true,
  },
];

export const missionsSeed: DemoSeed = {
  name: 'missions',
  async run({ db, media }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const id = (username: string) => users.get(username);
    const now = Date.now();
    // Drawn at 960 px like the other demo pictures: plain shapes lose nothing, and it encodes faster.
    const photos = await Promise.all(
      demoMissions.map((m) =>
        media.saveDrawing(demoPicture(m.picture, seedOf(m.title), { width: 960, height: 540 })),
      ),
    );
    // Three multi-row inserts for all the missions, their members and followers: on the embedded
    // database every statement costs, and start-up waits for the demo data.
    const missions = [];
    const members = [];
    const followers = [];
    for (const [i, m] of demoMissions.entries()) {
      const ownerId = id(m.owner);
      if (!ownerId) continue;
      const missionId = newId();
      const createdAt = new Date(now - m.age * DAY);
      missions.push({
        id: missionId,
        ownerId,
        title: m.title,
        description: m.description,
        type: m.type,
        category: m.category,
        ...placeAndTextColumns(m.location, { address: m.location, coordinates: m.coordinates }),
        photo: photos[i]!,
        status: m.completed ? ('completed' as const) : ('ongoing' as const),
        completedAt: m.completed ? new Date(now - 10 * DAY) : null,
        createdAt,
        updatedAt: createdAt,
      });
      const joined = (k: number) => new Date(createdAt.getTime() + (k + 1) * DAY);
      members.push(
        { missionId, userId: ownerId, role: 'owner' as const, joinedAt: createdAt },
        ...(m.partners ?? []).flatMap((u, k) =>
          id(u) ? [{ missionId, userId: id(u)!, role: 'partner' as const, joinedAt: joined(k) }] : [],
        ),
        ...(m.collaborators ?? []).flatMap((u, k) =>
          id(u)
            ? [{ missionId, userId: id(u)!, role: 'collaborator' as const, joinedAt: joined(k + 2) }]
            : [],
        ),
      );
      followers.push(
        ...(m.followers ?? []).flatMap((u, k) =>
          id(u) ? [{ missionId, userId: id(u)!, createdAt: joined(k + 1) }] : [],
        ),
      );
    }
    await db.insertInto('missions').values(missions).execute();
    await db.insertInto('missionMembers').values(members).execute();
    if (followers.length) await db.insertInto('missionFollows').values(followers).execute();

    // Someone asks to join the demo person's mission, so /requests has one to approve.
    const umlazi = await db
      .selectFrom('missions')
      .select('id')
      .where('title', '=', 'Umlazi flood recovery')
      .executeTakeFirst();
    const maria = id('maria_santos');
    if (umlazi && maria) {
      await db
        .insertInto('missionJoinRequests')
        .values({
          id: newId(),
          missionId: umlazi.id,
          userId: maria,
          role: 'collaborator',
          message:
            'I ran the evacuation-centre health desk in Tacloban for three typhoon seasons. I can set up a first-aid and hygiene corner at the hall, and train two of your volunteers to run it.',
          createdAt: new Date(now - 5 * 3_600_000),
        })
        .execute();
    }
  },
};
