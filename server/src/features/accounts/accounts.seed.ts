import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { demoPortrait, type Portrait } from '../../db/demo-pictures.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { newId } from '../../platform/ids.js';
import { locationColumns } from '../../platform/places.js';

type Person = {
  username: string;
  firstName: string;
  lastName: string;
  headline: string;
  bio: string;
  location: string;
  /** Most have none, as in a young community: they are shown by their initials (decision 053). */
  portrait?: Portrait;
};

/**
 * The demo community: each person's headline, bio and town are what their posts, requests and
 * chats (in the other features' seeds) are written around, so keep them in step when editing.
 */
export const demoPeople: Person[] = [
  {
    username: DEMO_LOGIN.username,
    firstName: 'Dana',
    lastName: 'Mbeki',
    headline: 'Community organiser · flood relief volunteer',
    bio: 'I coordinate neighbourhood volunteers in Umlazi and Chatsworth when the rivers rise, and match spare vans and halls with the people who need them.',
    location: 'Durban, South Africa',
  },
  {
    username: 'ada_okafor',
    firstName: 'Ada',
    lastName: 'Okafor',
    headline: 'Emergency logistics lead · Lagos relief depot',
    bio: 'Fifteen years moving water, food and medicine into places roads forgot. I run the Ikeja depot; ask me about cold chains and loading plans.',
    location: 'Lagos, Nigeria',
    portrait: { skin: 0, hair: 'wrap', hairColour: '#e76f51', clothes: '#2a9d8f', background: '#fde6d2' },
  },
  {
    username: 'diego_alvarez',
    firstName: 'Diego',
    lastName: 'Álvarez',
    headline: 'Documentary filmmaker · fishing towns of the Pacific coast',
    bio: 'Making "Voces del Puerto", a film about the caletas of Valparaíso and the people who still fish from them. Always happy to trade skills.',
    location: 'Valparaíso, Chile',
    portrait: {
      skin: 3,
      hair: 'short',
      hairColour: '#2b2118',
      clothes: '#3d6fa3',
      background: '#e9f5db',
      beard: true,
    },
  },
  {
    username: 'mei_chen',
    firstName: 'Mei',
    lastName: 'Chen',
    headline: 'Climate researcher, coastal resilience',
    bio: 'I study how mangroves protect coastlines and run a citizen-science survey around Pasir Ris and Pulau Ubin that needs people with boats.',
    location: 'Singapore',
    portrait: {
      skin: 6,
      hair: 'long',
      hairColour: '#1b1b1b',
      clothes: '#c9184a',
      background: '#dbe9f6',
      glasses: true,
    },
  },
  {
    username: 'omar_haddad',
    firstName: 'Omar',
    lastName: 'Haddad',
    headline: 'Paramedic and first-aid trainer',
    bio: 'Night shifts on the ambulance, days teaching CPR in schools. At weekends I help run a youth football league in Zarqa.',
    location: 'Amman, Jordan',
  },
  {
    username: 'lena_fischer',
    firstName: 'Lena',
    lastName: 'Fischer',
    headline: 'UX designer who volunteers for NGOs',
    bio: 'I design forms people can fill in under stress, pro bono for relief groups. Currently building a free volunteer shift planner.',
    location: 'Berlin, Germany',
  },
  {
    username: 'kwame_asante',
    firstName: 'Kwame',
    lastName: 'Asante',
    headline: 'Solar engineer · off-grid power for clinics',
    bio: 'We put panels and batteries on rural clinics across Ashanti and Volta so that vaccine fridges never go warm and babies are not delivered by torchlight.',
    location: 'Kumasi, Ghana',
  },
  {
    username: 'sofia_rossi',
    firstName: 'Sofia',
    lastName: 'Rossi',
    headline: 'Architect, emergency shelter design',
    bio: 'Flat-pack shelters that one family can raise in an hour. Prototypes always need testers and honest critics.',
    location: 'Milan, Italy',
  },
  {
    username: 'arjun_mehta',
    firstName: 'Arjun',
    lastName: 'Mehta',
    headline: 'Data scientist · open data for disaster maps',
    bio: 'I turn messy field reports into maps responders can use. Python, PostGIS, OpenStreetMap and strong chai.',
    location: 'Pune, India',
  },
  {
    username: 'grace_mensah',
    firstName: 'Grace',
    lastName: 'Mensah',
    headline: 'Nurse and community health worker',
    bio: 'I run mobile clinics in the Volta region: antenatal checks, diabetes screening and vaccinations. We always need drivers.',
    location: 'Ho, Ghana',
    portrait: { skin: 1, hair: 'curly', hairColour: '#2b2118', clothes: '#f4a261', background: '#e0d7f5' },
  },
  {
    username: 'tomas_novak',
    firstName: 'Tomáš',
    lastName: 'Novák',
    headline: 'Composer looking for film projects',
    bio: 'Orchestral and ambient scores. I will score a good documentary about people doing good for free.',
    location: 'Prague, Czechia',
  },
  {
    username: 'yuki_tanaka',
    firstName: 'Yuki',
    lastName: 'Tanaka',
    headline: 'Earthquake preparedness educator',
    bio: 'I run drills and build go-bags with families in Miyagi, in Japanese, English, and any language you help me translate into.',
    location: 'Sendai, Japan',
  },
  {
    username: 'maria_santos',
    firstName: 'Maria',
    lastName: 'Santos',
    headline: 'ER nurse · typhoon response volunteer',
    bio: 'Emergency nurse in Tacloban. Since Yolanda I help run the evacuation-centre health desk every typhoon season.',
    location: 'Tacloban, Philippines',
  },
  {
    username: 'tunde_bakare',
    firstName: 'Tunde',
    lastName: 'Bakare',
    headline: 'Filmmaker and video journalist',
    bio: 'I film stories from the Lagos waterfronts for NGOs and newsrooms. Short documentaries, explainers, and the occasional wedding to pay for gear.',
    location: 'Lagos, Nigeria',
  },
  {
    username: 'wanjiru_kamau',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    headline: 'Microbiologist · water-quality lab',
    bio: 'Our lab tests borehole and tap water for E. coli and fluoride. Community groups get bench time at the cost of reagents.',
    location: 'Nairobi, Kenya',
  },
  {
    username: 'rafael_costa',
    firstName: 'Rafael',
    lastName: 'Costa',
    headline: 'Agroecologist rebuilding farms after the floods',
    bio: 'After the 2024 floods in Rio Grande do Sul we are replanting family farms with native seed and shared machinery.',
    location: 'Porto Alegre, Brazil',
  },
  {
    username: 'amina_diallo',
    firstName: 'Amina',
    lastName: 'Diallo',
    headline: 'Founder · building bricks from recycled plastic',
    bio: "We turn Dakar's plastic waste into paving and wall bricks, and hire young people from the neighbourhoods we clean.",
    location: 'Dakar, Senegal',
  },
  {
    username: 'jonas_berg',
    firstName: 'Jonas',
    lastName: 'Berg',
    headline: 'Mountain guide · volunteer rescue team',
    bio: 'Ski touring guide in the Lyngen Alps and a volunteer with the local mountain rescue. I teach avalanche awareness for free.',
    location: 'Tromsø, Norway',
    portrait: { skin: 5, hair: 'bun', hairColour: '#d4a017', clothes: '#1b4332', background: '#e3f6ef' },
  },
  {
    username: 'liam_walsh',
    firstName: 'Liam',
    lastName: 'Walsh',
    headline: 'Youth football coach · charity runs',
    bio: 'Coach of an under-14 team in Mahon and organiser of a charity 10 km every year. Spare kit finds a home through me.',
    location: 'Cork, Ireland',
  },
  {
    username: 'sipho_ndlovu',
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    headline: 'Food bank coordinator',
    bio: 'I run the Pinetown community food bank: forty volunteers, one old cold room and a great deal of rice.',
    location: 'Pinetown, Durban, South Africa',
  },
];

export const accountsSeed: DemoSeed = {
  name: 'accounts',
  async run({ db, media }) {
    // All at once: sharp and argon2 work off the main thread, and start-up waits for the demo
    // data. One hash for everyone: they all share the demo password.
    const [passwordHash, ...pictures] = await Promise.all([
      hashPassword(DEMO_LOGIN.password),
      ...demoPeople.map((p) => (p.portrait ? media.saveDrawing(demoPortrait(p.portrait)) : null)),
    ]);
    // One multi-row insert: on the embedded database every statement costs.
    await db
      .insertInto('users')
      .values(
        demoPeople.map((p, i) => ({
          id: newId(),
          username: p.username,
          firstName: p.firstName,
          lastName: p.lastName,
          headline: p.headline,
          bio: p.bio,
          ...locationColumns(p.location),
          email: `${p.username.replace(/_/g, '.')}@demo.muster.local`,
          emailVerifiedAt: new Date(),
          passwordHash,
          profilePicture: pictures[i] ?? null,
          // The demo person takes messages only from connections (issue 15): strangers' first
          // messages wait as chat requests (the chats seed has two).
          messagePolicy:
            p.username === DEMO_LOGIN.username ? ('connections' as const) : ('everyone' as const),
          // Everyone joined before the posts' three weeks, the first ones months ago.
          createdAt: new Date(Date.now() - (30 + (demoPeople.length - i) * 6) * 86_400_000),
        })),
      )
      .execute();
  },
};
