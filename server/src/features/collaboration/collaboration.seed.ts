import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { demoPicture, type PictureTheme, seedOf } from '../../db/demo-pictures.js';
import { newId } from '../../platform/ids.js';
import { locationColumns } from '../../platform/places.js';

type DemoRequest = {
  by: string;
  category: string;
  title: string;
  description: string;
  deadlineDays: number | null;
  location: string;
  /** What its picture shows (decision 053). */
  picture: PictureTheme;
};

/** Drawn at 960 px: plain shapes lose nothing, and encoding two dozen is a noticeable part of start-up. */
const BANNER = { width: 960, height: 540 };

/** Requests written by the people who would make them (see the accounts seed), one or more per category. */
const requests: DemoRequest[] = [
  {
    by: 'ada_okafor',
    category: 'emergency',
    title: 'Drivers with 4x4s for the flood-season roster',
    description:
      'When the Ogun floods, roads to Abeokuta go under within hours. We keep a roster of volunteer drivers with high-clearance vehicles whom we can call that same day; fuel and meals are covered.',
    deadlineDays: 5,
    location: 'Lagos, Nigeria',
    picture: 'route',
  },
  {
    by: DEMO_LOGIN.username,
    category: 'emergency',
    title: 'Evening volunteers for the Chatsworth relief hall',
    description:
      'The hall stays open for families whose homes flooded in Umlazi. We need people for evening shifts: serving supper, keeping the register and being a calm face at the door. Two evenings a month is enough.',
    deadlineDays: 10,
    location: 'Durban, South Africa',
    picture: 'people',
  },
  {
    by: 'maria_santos',
    category: 'emergency',
    title: 'Health desk team for typhoon season',
    description:
      'Nurses, nursing students and first-aiders to staff the evacuation-centre health desk in Tacloban when a typhoon makes landfall. Everyone is trained beforehand: blood sugar checks, wound care and triage.',
    deadlineDays: 30,
    location: 'Tacloban, Philippines',
    picture: 'health',
  },
  {
    by: 'yuki_tanaka',
    category: 'emergency',
    title: 'Translators for earthquake go-bag workshops',
    description:
      'We run preparedness workshops for migrant families in Sendai. Looking for volunteers who speak Tagalog, Vietnamese or Portuguese to interpret at four Saturday sessions.',
    deadlineDays: 21,
    location: 'Sendai, Japan',
    picture: 'classroom',
  },
  {
    by: 'grace_mensah',
    category: 'healthcare',
    title: 'Volunteer nurses for a mobile clinic week',
    description:
      'Our next mobile clinic week visits 12 villages in the Volta region in three months. We need two registered nurses and one pharmacist for five days. Accommodation in Ho is provided.',
    deadlineDays: 40,
    location: 'Ho, Ghana',
    picture: 'health',
  },
  {
    by: 'omar_haddad',
    category: 'healthcare',
    title: 'First-aid trainers for a school programme',
    description:
      'Help us teach CPR and bleeding control to 600 secondary students across 14 schools. Training materials and dummies are provided; you bring patience.',
    deadlineDays: 30,
    location: 'Amman, Jordan',
    picture: 'classroom',
  },
  {
    by: 'kwame_asante',
    category: 'healthcare',
    title: 'Clinics that need a solar vaccine fridge',
    description:
      'We size and install solar direct-drive vaccine fridges for rural clinics with unreliable power. Tell us about your clinic and its fridge; we will visit the three with the greatest need first.',
    deadlineDays: 28,
    location: 'Ashanti and Volta, Ghana',
    picture: 'power',
  },
  {
    by: 'diego_alvarez',
    category: 'creative',
    title: 'Sound designer for a coastal documentary',
    description:
      'Feature documentary about the fishing towns of the Pacific coast. Two weeks of field recording, then remote post-production. Credit and a share of festival prizes.',
    deadlineDays: 60,
    location: 'Valparaíso, Chile',
    picture: 'film',
  },
  {
    by: 'tomas_novak',
    category: 'creative',
    title: 'Filmmakers who need an original score',
    description:
      'Composer with an orchestral sample library and a free month. Send me your rough cut: documentaries about people doing good get priority.',
    deadlineDays: null,
    location: 'Remote',
    picture: 'film',
  },
  {
    by: 'sofia_rossi',
    category: 'creative',
    title: 'Illustrators for a shelter assembly guide',
    description:
      'Our flat-pack shelter needs a wordless assembly guide anyone can follow, in any language. Looking for an illustrator who loves clear diagrams.',
    deadlineDays: 25,
    location: 'Milan, Italy / remote',
    picture: 'shelter',
  },
  {
    by: 'tunde_bakare',
    category: 'creative',
    title: 'Editor for a short film about water in Makoko',
    description:
      'An eleven-minute documentary with interviews in Yoruba and English, about the women who carry clean water across the lagoon. Paid, two weeks, remote welcome.',
    deadlineDays: 18,
    location: 'Lagos, Nigeria',
    picture: 'coast',
  },
  {
    by: 'yuki_tanaka',
    category: 'adventure',
    title: 'Crew for a coastal clean-up kayak trip',
    description:
      'Our next five-day sea-kayak trip along the Sanriku coast clears debris from coves that no road reaches. Kayaks and tents provided; you need to swim.',
    deadlineDays: 50,
    location: 'Sanriku, Japan',
    picture: 'coast',
  },
  {
    by: 'jonas_berg',
    category: 'adventure',
    title: 'Play the lost skier in a rescue exercise',
    description:
      'Our new mountain rescue volunteers need someone to find. You wait in a snow cave with a radio and a thermos while they search; we bring you home for dinner. Warm clothes and a sense of humour required.',
    deadlineDays: 35,
    location: 'Lyngen Alps, Norway',
    picture: 'mountain',
  },
  {
    by: 'kwame_asante',
    category: 'business',
    title: 'Partner with trucks for solar clinic installs',
    description:
      'We install off-grid solar on rural clinics. Seeking a logistics partner to move panels and batteries on a paid contract across Ashanti.',
    deadlineDays: 35,
    location: 'Kumasi, Ghana',
    picture: 'supplies',
  },
  {
    by: 'lena_fischer',
    category: 'business',
    title: 'Co-founder for a volunteer shift planner',
    description:
      'Designer looking for a technical co-founder to build a scheduling tool for relief volunteers. Open source, grant-funded for the first year, five groups already using the prototype.',
    deadlineDays: null,
    location: 'Berlin, Germany',
    picture: 'people',
  },
  {
    by: 'amina_diallo',
    category: 'business',
    title: 'Distribution partner for recycled plastic bricks',
    description:
      "We make paving and wall bricks from Dakar's plastic waste and need a partner with trucks and a yard to sell them in Thiès and Mbour. Commission or joint venture.",
    deadlineDays: 45,
    location: 'Dakar, Senegal',
    picture: 'supplies',
  },
  {
    by: 'omar_haddad',
    category: 'sports',
    title: 'Coaches for a refugee youth football league',
    description:
      'Eight teams play on Saturday mornings and every team needs two adults. Coaching badges are welcome but not required. The kits are donated, so what we need is grown-ups who show up.',
    deadlineDays: 20,
    location: 'Zarqa, Jordan',
    picture: 'sports',
  },
  {
    by: 'liam_walsh',
    category: 'sports',
    title: 'Clubs to twin with a youth league abroad',
    description:
      'Our under-14s in Cork are twinning with the Zarqa league by video call. Looking for two more clubs, anywhere, whose young players want to swap training drills and letters.',
    deadlineDays: 45,
    location: 'Cork, Ireland',
    picture: 'sports',
  },
  {
    by: 'mei_chen',
    category: 'science',
    title: 'Citizen scientists with boats for a mangrove survey',
    description:
      'We measure mangrove canopy and sediment at 40 plots. If you have a small boat and two free mornings a month, join the survey team.',
    deadlineDays: 45,
    location: 'Singapore',
    picture: 'coast',
  },
  {
    by: 'arjun_mehta',
    category: 'science',
    title: 'GIS volunteers to map flood reports',
    description:
      'Turn field reports into an open flood map that responders in Pune can use. PostGIS or QGIS experience helps; we pair newcomers with mentors.',
    deadlineDays: 14,
    location: 'Remote',
    picture: 'route',
  },
  {
    by: 'wanjiru_kamau',
    category: 'science',
    title: 'Community groups to co-design a water study',
    description:
      'We are planning a year of monthly water testing in Kibera and Machakos and want residents to choose the sampling points and the questions with us. Looking for two community groups to join as partners.',
    deadlineDays: 40,
    location: 'Nairobi, Kenya',
    picture: 'water',
  },
  {
    by: 'rafael_costa',
    category: 'science',
    title: 'Soil scientists for flood-hit farms',
    description:
      'Seventeen replanted farms near Eldorado do Sul want to know how the flood changed their soil. Looking for soil scientists or students to help design a simple sampling plan.',
    deadlineDays: 50,
    location: 'Eldorado do Sul, Brazil',
    picture: 'field',
  },
];

export const collaborationSeed: DemoSeed = {
  name: 'collaboration',
  async run({ db, media }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    // Rendered side by side: sharp works off the main thread, and start-up waits for the demo data.
    const images = await Promise.all(
      requests.map((r) => media.saveDrawing(demoPicture(r.picture, seedOf(r.title), BANNER))),
    );
    const rows = requests.flatMap((r, i) => {
      const userId = users.get(r.by);
      if (!userId) return [];
      // Spread over the last two weeks with the categories interleaved (a step of 7 visits every
      // slot while the count is not a multiple of 7).
      const createdAt = new Date(Date.now() - (((i * 7) % requests.length) + 1) * 14 * 3600_000);
      const deadline =
        r.deadlineDays === null
          ? null
          : new Date(Date.now() + r.deadlineDays * 86_400_000).toISOString().slice(0, 10);
      const { category, title, description, location } = r;
      return [
        {
          id: newId(),
          userId,
          category,
          title,
          description,
          deadline,
          ...locationColumns(location),
          image: images[i]!,
          createdAt,
          updatedAt: createdAt,
        },
      ];
    });
    await db.insertInto('collaborationRequests').values(rows).execute();
  },
};
