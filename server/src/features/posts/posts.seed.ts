import { extractHashtags } from '@muster/contract/hashtags';
import {
  emergencyEmojis,
  type LinkPreview,
  NEED_NUDGE_DAYS,
  NEED_OPEN_DAYS_DEFAULT,
  type PostKind,
} from '@muster/contract/posts';
import type { Insertable } from 'kysely';
import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { demoPicture, type PictureTheme, seededRandom, seedOf } from '../../db/demo-pictures.js';
import type { CommentsTable, PostHashtagsTable, PostLikesTable, PostsTable } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { placeColumns } from '../../platform/places.js';

/** Places the demo people post from, near where each of them lives ([longitude, latitude]). */
const places = {
  umlazi: { address: 'Umlazi, Durban, South Africa', coordinates: [30.8856, -29.9706] },
  chatsworth: { address: 'Chatsworth, Durban, South Africa', coordinates: [30.8794, -29.9106] },
  durban: { address: 'Durban Central, South Africa', coordinates: [31.0218, -29.8587] },
  pinetown: { address: 'Pinetown, South Africa', coordinates: [30.8563, -29.8154] },
  kwamashu: { address: 'KwaMashu, Durban, South Africa', coordinates: [30.982, -29.744] },
  ikeja: { address: 'Ikeja, Lagos, Nigeria', coordinates: [3.3515, 6.6018] },
  apapa: { address: 'Apapa, Lagos, Nigeria', coordinates: [3.3585, 6.4474] },
  abeokuta: { address: 'Abeokuta, Ogun, Nigeria', coordinates: [3.3481, 7.1557] },
  yaba: { address: 'Yaba, Lagos, Nigeria', coordinates: [3.3792, 6.5095] },
  makoko: { address: 'Makoko, Lagos, Nigeria', coordinates: [3.3936, 6.4953] },
  caletaPortales: { address: 'Caleta Portales, Valparaíso, Chile', coordinates: [-71.5887, -33.0326] },
  cerroAlegre: { address: 'Cerro Alegre, Valparaíso, Chile', coordinates: [-71.6285, -33.0419] },
  quintay: { address: 'Quintay, Valparaíso, Chile', coordinates: [-71.6991, -33.1917] },
  karlin: { address: 'Karlín, Prague, Czechia', coordinates: [14.45, 50.0925] },
  pasirRis: { address: 'Pasir Ris, Singapore', coordinates: [103.9496, 1.3721] },
  pulauUbin: { address: 'Pulau Ubin, Singapore', coordinates: [103.966, 1.4044] },
  sungeiBuloh: { address: 'Sungei Buloh Wetland Reserve, Singapore', coordinates: [103.73, 1.4467] },
  pune: { address: 'Pune, Maharashtra, India', coordinates: [73.8567, 18.5204] },
  sinhagadRoad: { address: 'Sinhagad Road, Pune, India', coordinates: [73.8225, 18.485] },
  nairobi: { address: 'Nairobi, Kenya', coordinates: [36.8219, -1.2921] },
  kibera: { address: 'Kibera, Nairobi, Kenya', coordinates: [36.782, -1.3133] },
  machakos: { address: 'Machakos, Kenya', coordinates: [37.2634, -1.5177] },
  ho: { address: 'Ho, Volta Region, Ghana', coordinates: [0.4713, 6.6008] },
  kpando: { address: 'Kpando, Volta Region, Ghana', coordinates: [0.2932, 6.9954] },
  hohoe: { address: 'Hohoe, Volta Region, Ghana', coordinates: [0.473, 7.1519] },
  kumasi: { address: 'Kumasi, Ashanti, Ghana', coordinates: [-1.6244, 6.6885] },
  ejisu: { address: 'Ejisu, Ashanti, Ghana', coordinates: [-1.3667, 6.7167] },
  mampong: { address: 'Mampong, Ashanti, Ghana', coordinates: [-1.4, 7.0627] },
  tacloban: { address: 'Tacloban City, Leyte, Philippines', coordinates: [125.005, 11.2444] },
  palo: { address: 'Palo, Leyte, Philippines', coordinates: [124.9906, 11.1583] },
  amman: { address: 'Amman, Jordan', coordinates: [35.9106, 31.9539] },
  zarqa: { address: 'Zarqa, Jordan', coordinates: [36.088, 32.0728] },
  mahon: { address: 'Mahon, Cork, Ireland', coordinates: [-8.393, 51.886] },
  cork: { address: 'Cork, Ireland', coordinates: [-8.4756, 51.8985] },
  tromso: { address: 'Tromsø, Norway', coordinates: [18.9553, 69.6492] },
  lyngen: { address: 'Lyngen Alps, Troms, Norway', coordinates: [20.2, 69.58] },
  sendai: { address: 'Sendai, Miyagi, Japan', coordinates: [140.8694, 38.2682] },
  ishinomaki: { address: 'Ishinomaki, Miyagi, Japan', coordinates: [141.3029, 38.4343] },
  kesennuma: { address: 'Kesennuma, Miyagi, Japan', coordinates: [141.5696, 38.9086] },
  bovisa: { address: 'Bovisa, Milan, Italy', coordinates: [9.159, 45.503] },
  faenza: { address: 'Faenza, Emilia-Romagna, Italy', coordinates: [11.8833, 44.2857] },
  kreuzberg: { address: 'Kreuzberg, Berlin, Germany', coordinates: [13.4034, 52.4986] },
  eldorado: { address: 'Eldorado do Sul, Rio Grande do Sul, Brazil', coordinates: [-51.6166, -30.0847] },
  canoas: { address: 'Canoas, Rio Grande do Sul, Brazil', coordinates: [-51.1794, -29.9178] },
  portoAlegre: { address: 'Porto Alegre, Rio Grande do Sul, Brazil', coordinates: [-51.2177, -30.0346] },
  dakar: { address: 'Dakar, Senegal', coordinates: [-17.4677, 14.7167] },
  rufisque: { address: 'Rufisque, Senegal', coordinates: [-17.2729, 14.7158] },
  thies: { address: 'Thiès, Senegal', coordinates: [-16.9359, 14.791] },
} satisfies Record<string, { address: string; coordinates: [number, number] }>;

/** A top-level comment, or (with 'reply') an answer to the comment before it. */
type DemoComment = readonly [by: string, text: string] | readonly [by: string, text: string, 'reply'];

type DemoPost = {
  kind: PostKind;
  /** Needs, wants and provisions carry one. */
  category?: string;
  /** A hunt's title is required; other kinds may leave it out. */
  title?: string;
  /** Hashtags and an emergency emoji are read from the text, as the composer does. */
  text: string;
  place?: keyof typeof places;
  huntType?: 'product' | 'service';
  /** A mission update: the mission's title (updates are numbered in the order they were posted). */
  mission?: string;
  review?: { of: string; rating: number; description: string };
  status?: 'fulfilled' | 'expired';
  /** A need or want: hours from now until it expires (negative: expired that long ago); else 30 days after posting. */
  expiresInHours?: number;
  /** What the post's picture shows (decision 053); none without. */
  picture?: PictureTheme;
  /** As the server would have unfurled it (the demo machine may be offline). */
  preview?: LinkPreview;
  /** Hours after the author's previous post, when the story needs it (otherwise spread out). */
  after?: number;
  comments?: DemoComment[];
  savedByDemo?: boolean;
};

/**
 * What each person posted over the last three weeks, oldest first. Every text is written for its
 * author: their work, their town, their people. Hashtags come from a small shared vocabulary
 * (about forty), as in a young community, so the week's hashtag list still has room for new ones.
 */
const stories: Record<string, DemoPost[]> = {
  [DEMO_LOGIN.username]: [
    {
      kind: 'general',
      text: 'Heavy rain is forecast for eThekwini all week. If you live near the uMlazi or Umbilo rivers, put your ID books in a sealed bag tonight and know the way to your nearest hall. Our checklist is based on this one: https://www.ready.gov/floods #preparedness #floodrelief',
      place: 'durban',
      preview: {
        url: 'https://www.ready.gov/floods',
        title: 'Floods | Ready.gov',
        description:
          'Learn how to prepare for a flood, stay safe during one, and what to do when it is over.',
        siteName: 'Ready.gov',
      },

      comments: [
        [
          'sipho_ndlovu',
          'Sharing this with the food bank WhatsApp group. Half our volunteers live along the Umbilo.',
        ],
        [
          'yuki_tanaka',
          'We hand out almost the same list in Sendai, with one addition: a whistle tied to the bag strap.',
        ],
        [DEMO_LOGIN.username, 'Adding the whistle. Thank you, Yuki!', 'reply'],
      ],
    },
    {
      kind: 'need',
      category: 'Volunteers',
      title: 'Sandbag crew tonight in Umlazi',
      text: '🚨 The canal behind V Section is over its banks. We need 20 people with gumboots at the community hall from 5 pm to fill and lay sandbags. Bring a torch if you have one. #floodrelief #volunteer',
      place: 'umlazi',
      picture: 'water',
      status: 'fulfilled',
      comments: [
        ['sipho_ndlovu', 'Four of us leaving Pinetown now with spades.'],
        [
          'ada_okafor',
          'Stack them like bricks with the seams staggered, and tamp each row down. They hold twice as long.',
        ],
      ],
    },
    {
      kind: 'mission_update',
      mission: 'Umlazi flood recovery',
      after: 20,
      text: 'Forty-three people came last night and we laid about 900 sandbags along the canal. The water stopped two streets short of the clinic. Thank you, and please rest today. #floodrelief',
      place: 'umlazi',
      comments: [
        [
          'grace_mensah',
          'Two streets short of the clinic. That is a night of work that matters. Well done, all of you.',
        ],
        ['sipho_ndlovu', 'My arms are still complaining. Worth it.'],
      ],
    },
    {
      kind: 'need',
      category: 'Transport',
      title: 'Bakkies to move 300 food parcels',
      text: "Sipho's food bank in Pinetown has 300 parcels packed for families in Chatsworth and Umlazi, but nothing to carry them in. Anyone with a bakkie free on Saturday morning? We pay the petrol. #transport #foodbank",
      place: 'chatsworth',
      status: 'fulfilled',
      comments: [
        [
          'sipho_ndlovu',
          'The parcels are stacked by street, so each bakkie gets one route and nobody doubles back.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Shelter',
      title: "St Luke's hall open for displaced families",
      text: "St Luke's hall in Chatsworth can sleep 35 people on mats, with hot water and a kitchen. Families with small children first. Message me before sending anyone so we can keep count. #shelter #floodrelief",
      place: 'chatsworth',
      picture: 'shelter',
    },
    {
      kind: 'need',
      category: 'Shelter',
      title: 'Gas heaters for the hall at night',
      text: 'The hall gets cold after midnight and the older guests feel it most. Looking for two or three gas heaters on loan until the families can go home. #shelter',
      place: 'chatsworth',
      status: 'expired',
      expiresInHours: -30,
    },
    {
      kind: 'want',
      category: 'Translation',
      title: 'isiZulu voice notes for flood alerts',
      // About to expire: its author has been asked "Still needed?" (issue 16).
      expiresInHours: 40,
      text: 'Most people in our street WhatsApp groups are older and prefer voice notes in isiZulu. Looking for two volunteers who can record a short warning whenever the weather service issues an alert. #translation #preparedness',
      comments: [
        [
          'sipho_ndlovu',
          'My daughter Thandeka has a calm voice and loves a microphone. I will ask her tonight.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Spent the day with the municipal water team testing taps in V Section after the flood. Residents asked hard questions and got straight answers. #water',
      place: 'umlazi',
      review: {
        of: "the municipal water team's testing day",
        rating: 4,
        description:
          'Slow and careful, honest about what they did not know yet, and back with results the same evening.',
      },
      comments: [
        [
          'wanjiru_kamau',
          'Did they test for E. coli on site or take samples to a lab? Happy to share our field protocol if it helps.',
        ],
        [
          DEMO_LOGIN.username,
          'Samples to the lab, results by evening. Please do send the protocol!',
          'reply',
        ],
      ],
    },
    {
      kind: 'mission_update',
      mission: 'Umlazi flood recovery',
      text: 'The drains along Mangosuthu Highway are clear again. Fourteen homes are still without electricity, so the hall stays open another week. The Tuesday rota is thin: if you can do an evening, say so below. #floodrelief #volunteer',
      comments: [['sipho_ndlovu', 'Put me down for Tuesday, and my nephew too.']],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A petrol pressure washer, to borrow or buy',
      text: 'Mud has dried hard on the floors of three crèches. A petrol pressure washer would save us days of scrubbing. Durban area, and we can collect. #cleanup',
      place: 'umlazi',
      comments: [
        [
          'sipho_ndlovu',
          'The hardware shop on Old Main Road hires them out by the day. Ask for Mr Pillay and say I sent you.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Transport',
      title: 'Two church vans free this weekend',
      text: 'Our two church vans are free on Saturday and Sunday, both high-clearance, with drivers. Happy to run supplies anywhere between Pinetown and the Bluff. #transport #volunteer',
      place: 'pinetown',
      comments: [['sipho_ndlovu', 'Saturday parcels for KwaMashu could use one of them. Eight at the hall?']],
    },
  ],

  sipho_ndlovu: [
    {
      kind: 'general',
      text: 'Monday sorting at the Pinetown food bank: 2.4 tonnes came in over the weekend, mostly maize meal and tinned fish. Forty volunteers had it shelved by lunch. #foodbank #volunteer',
      place: 'pinetown',
      picture: 'supplies',
    },
    {
      kind: 'need',
      category: 'Food',
      title: 'Rice and cooking oil for 120 families',
      text: 'We are short of rice and cooking oil this month: 120 families are on our list and the shelves are bare. Drop-off at the hall on Old Main Road, Monday to Friday, 8 to 4. #foodbank',
      place: 'pinetown',
      status: 'fulfilled',
      comments: [
        [
          DEMO_LOGIN.username,
          'Our congregation collected 60 kg of rice on Sunday. Bringing it round on Tuesday.',
        ],
      ],
    },
    {
      kind: 'need',
      category: 'Equipment',
      title: 'Our cold room compressor has died',
      text: '⚠️ The compressor on our cold room gave out last night with 400 kg of donated chicken inside, meant for the flood families. We need a refrigeration technician today, or somewhere cold to move it all. #foodbank #coldchain',
      status: 'fulfilled',
      comments: [
        [
          'ada_okafor',
          'Move the oldest stock first and keep the door shut between loads; a closed cold room holds for hours. Do you have a thermometer in there?',
        ],
        [
          'sipho_ndlovu',
          'Thermometer says 6 °C and climbing. A butcher in Westville has just offered his freezer.',
          'reply',
        ],
      ],
    },
    {
      kind: 'general',
      after: 10,
      text: 'A butcher in Westville took every kilo of that chicken into his freezer and refused payment. This city, honestly. #foodbank',
      comments: [[DEMO_LOGIN.username, 'Tell us his name so we can all buy our boerewors there.']],
    },
    {
      kind: 'provision',
      category: 'Food',
      title: 'Surplus bread every Friday',
      text: 'A bakery in Pinetown gives us its unsold loaves every Friday, more than we can hand out. Soup kitchens and crèches: come by after 3 pm and take what you need. #foodbank',
      place: 'pinetown',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Someone to keep our stock spreadsheet',
      text: 'Our stock list lives in three notebooks and one tired memory. Looking for a volunteer who likes spreadsheets, two hours a week. #volunteer',
      comments: [
        [
          'arjun_mehta',
          'I can set you up with a shared sheet and barcode scanning on a phone. Free for a call this week?',
        ],
        ['sipho_ndlovu', 'Yes please! Thursday after six works for me.', 'reply'],
      ],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A second-hand chest freezer',
      text: "After last week's scare we want a backup. Any working chest freezer of 300 litres or more, anywhere in greater Durban. #coldchain",
      place: 'pinetown',
    },
    {
      kind: 'general',
      text: "Parcel day in KwaMashu. Gogo Zulu told us she had fed six grandchildren from last month's box, then asked whether we needed help packing. She starts on Monday. #foodbank",
      place: 'kwamashu',
      picture: 'food',
    },
    {
      kind: 'need',
      category: 'Transport',
      title: "A van for Saturday's KwaMashu parcels",
      text: 'Ninety parcels are packed at the Pinetown hall for KwaMashu and we have no way to move them. Looking for a van and a driver on Saturday morning, back by one. #foodbank #transport',
      place: 'pinetown',
    },
    {
      kind: 'mission_update',
      mission: 'Umlazi flood recovery',
      text: 'Food parcels have now reached all 212 households on the V Section list. Next on the list: school shoes, because so many were lost in the water. #floodrelief #foodbank',
      place: 'umlazi',
    },
  ],

  ada_okafor: [
    {
      kind: 'general',
      text: 'Loading plan for a 10-tonne truck, the way we do it at the Ikeja depot: water on the floor, rice on the water, medicine in the cab where the driver can see it. Ask if you want the sheet. #logistics',
      place: 'ikeja',
      picture: 'supplies',
      savedByDemo: true,
      comments: [
        [
          'tunde_bakare',
          'Filming your loading on Thursday if you still agree. I will keep out of the way of the forklifts.',
        ],
        ['ada_okafor', 'Agreed. A hi-vis vest is compulsory, even for artists.', 'reply'],
      ],
    },
    {
      kind: 'need',
      category: 'Transport',
      title: 'Trucks for the Ogun river flood runs',
      text: '🚨 The Ogun river has burst its banks near Abeokuta. We have 3 tonnes of food and water ready at Ikeja and need two trucks with drivers for the next five days. Fuel and meals covered. #floodrelief #transport',
      place: 'abeokuta',
      status: 'fulfilled',
      comments: [
        ['kwame_asante', 'Our installer truck is in Lagos until Friday. Let me call the driver.'],
        ['ada_okafor', 'Thank you, Kwame. That would cover the first two runs.', 'reply'],
      ],
    },
    {
      kind: 'general',
      after: 30,
      text: 'First convoy reached Abeokuta this morning: 180 families had water and rice before noon. The road past Lafenwa is still under knee-deep water, so the second run takes the northern route. #floodrelief #logistics',
      place: 'abeokuta',
      picture: 'route',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Free workshop: running a relief depot',
      text: 'Saturday at the depot, two hours: receiving, labelling, first-expiry-first-out, and how not to lose a pallet. Free for community groups; bring your own notebook. #logistics #training',
      place: 'ikeja',
      comments: [
        ['sipho_ndlovu', 'I would fly over for this if I could. Any chance of a recording?'],
        ['ada_okafor', 'Tunde is filming it. I will share the link here.', 'reply'],
      ],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A refrigerated van for insulin and vaccines',
      text: 'Our cold chain ends at the depot door. Looking to rent or borrow a small refrigerated van for two weeks of clinic runs around Ikorodu. #coldchain',
      place: 'ikeja',
      comments: [
        [
          'kwame_asante',
          "Consider a solar chest fridge in an ordinary van instead. We did exactly that for Grace's clinics in Volta.",
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Tools',
      title: 'Pallet jacks and a forklift, free on Sundays',
      text: 'The depot is closed on Sundays and our two pallet jacks and forklift sit idle. Any community group in Lagos that needs to shift heavy loads can borrow them, operator included. #logistics',
      place: 'ikeja',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Data entry for delivery receipts',
      text: 'Three boxes of paper delivery receipts need typing into our tracker before the donor report is due. Two volunteers for two evenings; snacks guaranteed. #volunteer',
    },
    {
      kind: 'general',
      text: 'Visited the bonded warehouse in Apapa that offered us overflow space during the floods. Good people, but one loading bay is not enough for an operation our size. #logistics',
      place: 'apapa',
      review: {
        of: 'the Apapa overflow warehouse',
        rating: 3.5,
        description:
          'Clean, dry and well guarded, but with a single loading bay trucks queue for hours at peak times.',
      },
    },
    {
      kind: 'general',
      text: 'We closed the flood response with 41 truck runs and no spoiled stock. The thing that helped most was boring: a whiteboard by the gate listing every truck, driver and destination. #logistics #floodrelief',
      comments: [
        [
          DEMO_LOGIN.username,
          'Stealing the whiteboard idea for our hall. We lost track of two bakkies last Saturday.',
        ],
        ['arjun_mehta', 'A whiteboard is just a database that everyone can read. The best kind.'],
      ],
    },
    {
      kind: 'provision',
      category: 'Transport',
      title: 'Space on our Ibadan truck on Tuesday',
      text: 'Our truck goes to Ibadan on Tuesday with room for about 800 kg more. If you need something carried that way, message me by Monday noon. #transport #logistics',
      place: 'ikeja',
      comments: [
        ['tunde_bakare', 'Could you take two boxes of school books for a library in Bodija? About 60 kg.'],
        ['ada_okafor', 'Easily. Drop them at the gate by Monday noon, labelled.', 'reply'],
      ],
    },
  ],

  tunde_bakare: [
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A wireless lav mic kit',
      text: 'Interviewing market women in Makoko next week and my on-camera mic picks up every generator on the lagoon. Looking for a wireless lav kit to rent or borrow for three days in Lagos. #filmmaking',
      place: 'yaba',
      comments: [
        [
          'diego_alvarez',
          'Rent two transmitters even for one speaker. When a battery dies mid-interview you will thank me.',
        ],
        [
          'tomas_novak',
          'And record a minute of room tone at every location. Whoever mixes the film will love you for it.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Makoko at six in the morning, before the canoes go out. Shooting the water-taxi women for a short film about how families here get clean water. #documentary #water',
      place: 'makoko',
      picture: 'coast',
      comments: [
        [
          'wanjiru_kamau',
          'If you want a scientist on camera explaining what is in the water, I am happy to do a video call.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Short films for NGOs, at cost',
      text: 'I make three-minute films about relief work, from shoot to final cut in a week. Community groups in Lagos pay only for transport and data. #filmmaking #volunteer',
      comments: [['ada_okafor', 'We need one for our donor report. Can we talk next week?']],
    },
    {
      kind: 'general',
      text: "Filmed Ada's depot workshop on Saturday. Thirty people learned more about pallets than they ever expected to, and one asked for a second session. Edit coming soon. #logistics #filmmaking",
      place: 'ikeja',
    },
    {
      kind: 'want',
      category: 'Skills',
      title: 'An editor who cuts in Yoruba and English',
      text: 'I have 14 hours of interviews in Yoruba and English for the Makoko water film. Looking for an editor who understands both: paid, two weeks, remote is fine. #documentary #filmmaking',
    },
    {
      kind: 'hunt',
      huntType: 'service',
      title: 'A licensed drone pilot for the Lagos Lagoon',
      text: 'Need aerial shots of the lagoon settlements for one morning. The pilot must hold a licence and know the airport restrictions. #filmmaking',
      place: 'makoko',
      comments: [
        ['diego_alvarez', 'Fly at first light. The haze off the water after nine kills all the contrast.'],
      ],
    },
    {
      kind: 'general',
      text: "Rough cut of 'Water Women of Makoko' is done: eleven minutes. We screen it first for the people in it, on a bedsheet at the jetty, before anyone else sees it. #documentary",
      place: 'makoko',
      comments: [
        ['diego_alvarez', 'Screening it for the people in it first. That is the right order.'],
        ['tomas_novak', 'If you want a few minutes of music under the ending, send it my way.'],
      ],
    },
    {
      kind: 'general',
      text: 'Hired a sound kit from a small rental shop in Yaba for the Makoko shoot. #filmmaking',
      place: 'yaba',
      review: {
        of: 'the Yaba kit rental shop',
        rating: 4.5,
        description:
          'Fair prices and charged batteries, and the owner drove a spare receiver to the set when ours failed.',
      },
    },
    {
      kind: 'provision',
      category: 'Equipment',
      title: 'Lighting kit to lend on weekdays',
      text: 'Two LED panels with stands and batteries sit in my studio from Monday to Thursday. Students and community media can borrow them for free; just bring them back charged. #filmmaking',
      place: 'yaba',
    },
  ],

  diego_alvarez: [
    {
      kind: 'general',
      text: "First week on 'Voces del Puerto': the boats of Caleta Portales go out at four and come back with hake, gulls and stories. Filming the people who mend nets on the pier. #documentary #filmmaking",
      place: 'caletaPortales',
      picture: 'coast',
      comments: [
        [
          'tomas_novak',
          'The sounds of that pier must be extraordinary. Are you recording wild sound separately?',
        ],
        ['diego_alvarez', 'Yes, but badly. That is why I need a sound designer.', 'reply'],
      ],
    },
    {
      kind: 'want',
      category: 'Skills',
      title: 'A sound designer for a coastal documentary',
      text: 'Looking for a sound designer for two weeks of field recording and then remote post-production. Credit and a share of any festival prizes; Spanish helpful but not required. #sounddesign #documentary',
      comments: [
        [
          'tomas_novak',
          'I am a composer, not a sound designer, but I know two good ones in Prague. Introducing you by message.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'The community radio in Cerro Alegre lent us their studio for interviews with three retired fishermen. Best sound of the shoot so far. #sounddesign',
      place: 'cerroAlegre',
      review: {
        of: 'the community radio studio in Cerro Alegre',
        rating: 5,
        description: 'Quiet, free for local projects, and the technician stayed late to help us record.',
      },
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A hydrophone for underwater sound',
      text: 'I want the audience to hear the sea from below the boat. Looking to borrow a hydrophone for a week, anywhere in the Valparaíso region. #sounddesign',
      place: 'caletaPortales',
      comments: [
        [
          'mei_chen',
          'We have one in the lab for counting dolphins. Too far away for a loan, but I can send the model number so you can rent one locally.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Free editing workshop for teenagers',
      text: 'Every Thursday this month I teach a free editing workshop for teenagers from the caletas: phones and a free editor, nothing else. Six places left. #filmmaking #training',
      place: 'cerroAlegre',
    },
    {
      kind: 'mission_update',
      mission: 'Voces del Puerto',
      text: 'Shooting is done: 62 hours of footage across four caletas. Now comes the long part in the edit room, and the search for a sound designer goes on. #documentary',
      comments: [
        ['tunde_bakare', 'Sixty-two hours! Do you log as you go or all at the end?'],
        ['diego_alvarez', 'At the end, like a fool. Log as you go.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: "Quintay's old whaling station is a museum now, and the fishermen's union meets there on Sundays. They let us film the meeting on one condition: that they see the cut first. #documentary",
      place: 'quintay',
      picture: 'film',
    },
    {
      kind: 'mission_update',
      mission: 'Voces del Puerto',
      text: 'Tomáš Novák will score the film. He watched the rough cut twice and sent back a cello sketch built on the foghorn at Caleta Portales. #filmscore #documentary',
      comments: [['tomas_novak', 'That foghorn is in B flat, by the way. The whole score is in B flat now.']],
    },
    {
      kind: 'want',
      category: 'Translation',
      title: 'English subtitles for a 70-minute film',
      text: 'Looking for a native English speaker who also knows Chilean Spanish slang to check the subtitles of a 70-minute documentary. Paid, remote. #translation #documentary',
    },
    {
      kind: 'general',
      text: 'Someone asked what mattered most on this shoot. Not the camera: a wool sock over the recorder. Wind is the enemy on every pier. #sounddesign #filmmaking',
    },
  ],

  tomas_novak: [
    {
      kind: 'provision',
      category: 'Skills',
      title: 'A free score for a documentary',
      text: 'I have a month without commissions and a good sample library. If you are making a documentary about people doing good, send me your rough cut and I will write the score for free. #filmscore',
      comments: [['diego_alvarez', "Sending you 'Voces del Puerto' tonight. It is rough, in every sense."]],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'A cellist for two recording sessions',
      text: 'Looking for a cellist in Prague for two evening sessions next month, for a documentary score. Modest fee, good coffee and your name in the credits. #filmscore',
      place: 'karlin',
      comments: [
        [
          'lena_fischer',
          'My old flatmate plays in a student orchestra and is always after paid sessions. Passing it on.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Working on a cue for a film about fishing towns. The foghorn in the location sound gave me the key, the cello carries the tune, and the sea does the rest. #filmscore #sounddesign',
    },
    {
      kind: 'hunt',
      huntType: 'service',
      title: 'A quiet room with a piano near Karlín',
      text: 'Our building is being renovated and the drilling starts at eight. I need a quiet room with an upright piano for mornings, for two weeks, in or near Karlín. #filmscore',
      place: 'karlin',
    },
    {
      kind: 'general',
      text: 'Recorded the cello sketches at a rehearsal studio in Žižkov this week. The heating clanks every twenty minutes, which I have learned to love. #filmscore',
      review: {
        of: 'the Žižkov rehearsal studio',
        rating: 4,
        description: 'A warm room at a fair hourly rate. The heating clanks, so record in short takes.',
      },
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Music for charity videos',
      text: 'Charities can use any of my 40 short ambient pieces in fundraising videos, free, credit appreciated. Ask and I will send the files. #filmscore #fundraiser',
      comments: [['liam_walsh', 'Perfect for the video of our charity 10 km. I will message you.']],
    },
    {
      kind: 'general',
      text: "Finished the main theme for 'Voces del Puerto'. Three minutes, one cello, one foghorn, and a great deal of rewriting. #filmscore",
      picture: 'film',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Timpani to borrow for one afternoon',
      text: "The storm sequence in Diego's film wants real timpani, not samples. Would a school or orchestra in Prague lend a pair for one recording afternoon? #filmscore",
      place: 'karlin',
      comments: [
        [
          'lena_fischer',
          'The conservatory in Prague lends instruments to alumni projects, if you know anyone who studied there.',
        ],
      ],
    },
  ],

  mei_chen: [
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Citizen scientists with small boats',
      text: 'Our mangrove survey covers 40 plots around Pasir Ris and Pulau Ubin. If you have a small boat and two free mornings a month, we will train you to measure canopy and sediment. #mangroves #citizenscience',
      place: 'pasirRis',
      comments: [
        [
          'arjun_mehta',
          'If the volunteers log their points on a phone, I can turn them into a live map for the team.',
        ],
        ['mei_chen', 'Yes please. We still use clipboards.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: 'Low tide on Pulau Ubin this morning. We found seedlings at 31 of the 40 plots, up from 22 last year. The ones behind the old kelong are doing best. #mangroves #science',
      place: 'pulauUbin',
      picture: 'coast',
      comments: [
        ['yuki_tanaka', "Did the seedlings survive last month's storm surge?"],
        ['mei_chen', 'Most did. The plots facing open water lost about a third.', 'reply'],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'School talks on coastal science',
      text: 'I give 45-minute talks on mangroves and sea-level rise for secondary schools, with mud samples the students can touch. Free, in English or Mandarin. #science #training',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Four second-hand handheld GPS units',
      text: 'Phones die in the heat and the salt. We are looking for four second-hand handheld GPS units that still run on AA batteries, for the survey boats. #citizenscience',
      place: 'pasirRis',
      comments: [
        [
          'jonas_berg',
          'Our rescue team is replacing its old units this winter. I will ask whether we can send you four.',
        ],
      ],
    },
    {
      kind: 'mission_update',
      mission: 'Pasir Ris mangrove survey',
      text: 'Round one finished: 11 volunteer boats, 40 plots, three capsized clipboards and no capsized people. Data cleaning starts this week. #mangroves #citizenscience',
      place: 'pasirRis',
    },
    {
      kind: 'general',
      text: 'Our paper on mangrove belts and wave energy is out. The short version: a belt 100 m deep took the edge off every storm we measured. #science #mangroves',
      comments: [
        [
          'sofia_rossi',
          'Do you have numbers for wave height behind the belt? They would help us decide where shelters should go.',
        ],
        [
          'mei_chen',
          'Sending you the table. Behind 100 m of trees the heights dropped by about half.',
          'reply',
        ],
      ],
    },
    {
      kind: 'need',
      category: 'Equipment',
      title: 'A sediment corer to borrow',
      text: 'Our only sediment corer snapped on a rock at plot 17. Could a lab in Singapore lend us one for three weeks? We return things cleaner than we get them. #science #mangroves',
      status: 'fulfilled',
      comments: [
        [
          'wanjiru_kamau',
          'Ours is a peat corer and in Nairobi, unfortunately. Try the geography departments first; they always have a spare.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Guided 25 new volunteers around Sungei Buloh before their first survey. The mudskippers stole the show, as always. #citizenscience',
      place: 'sungeiBuloh',
      picture: 'people',
    },
    {
      kind: 'mission_update',
      mission: 'Pasir Ris mangrove survey',
      text: 'Arjun turned our clipboards into a live map: each plot now shows its seedling count and last visit. Round two starts on Saturday and we still need two boats. #opendata #mangroves',
      comments: [['arjun_mehta', 'The map refreshes every hour. Blame me if it does not.']],
    },
    {
      kind: 'provision',
      category: 'Space',
      title: 'Lab benches on Fridays for school projects',
      text: 'Our lab has two free benches on Fridays. Secondary students with a coastal project can use them, with a graduate student to supervise. #science',
    },
    {
      kind: 'general',
      text: 'Asked a fisherman in Pasir Ris where the mangroves used to be. He drew the old shoreline on a napkin from memory, and it matched the 1950s survey map almost exactly. #mangroves',
      place: 'pasirRis',
    },
  ],

  arjun_mehta: [
    {
      kind: 'general',
      text: 'Mapathon this Saturday for the flood-prone settlements along the Mutha river: we trace buildings and drains so responders know what is there. Laptops and chai provided. https://tasks.hotosm.org/ #mapping #opendata',
      place: 'pune',
      preview: {
        url: 'https://tasks.hotosm.org/',
        title: 'HOT Tasking Manager',
        description:
          'Map the places people need, together: volunteers trace buildings and roads for humanitarian projects.',
        siteName: 'Humanitarian OpenStreetMap Team',
      },
      savedByDemo: true,
      comments: [
        ['lena_fischer', 'Is the tasking manager easy for first-timers? Thinking of joining remotely.'],
        ['arjun_mehta', "Easy enough: a ten-minute tutorial and you're tracing.", 'reply'],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'GIS volunteers to map flood reports',
      text: 'Turning field reports into an open flood map for Pune. PostGIS or QGIS experience helps; newcomers get a mentor for their first three tasks. #mapping #volunteer',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Free Python workshop for NGO staff',
      text: 'Four Saturday mornings of Python for people who live in spreadsheets: cleaning lists, joining tables, drawing a first map. Free for NGO staff. #opendata #training',
      comments: [
        ['sipho_ndlovu', 'Would a food bank count as an NGO? Our spreadsheets need help.'],
        ['arjun_mehta', 'Absolutely. Sign up and bring your worst spreadsheet.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: "Cleaned 3,200 flood reports from WhatsApp this week. The most common location was 'near the temple'. There are 41 temples in the area. #opendata",
      comments: [
        [DEMO_LOGIN.username, "We have the same problem with 'behind the shop'. How did you sort them out?"],
        [
          'arjun_mehta',
          'Phone calls, mostly. And a new rule: every report comes with a photo of a street sign.',
          'reply',
        ],
      ],
    },
    {
      kind: 'mission_update',
      mission: 'Mutha river flood map',
      text: 'The map is live: 1,870 buildings traced, 64 blocked drains marked, and the ward office has asked for a printed copy. #mapping #opendata',
      place: 'pune',
      picture: 'route',
    },
    {
      kind: 'hunt',
      huntType: 'service',
      title: 'Someone to host our flood map for a year',
      text: 'Our flood map runs on my laptop, which is not a plan. Looking for a university or company that could host a small PostGIS server for a year. #opendata',
    },
    {
      kind: 'general',
      text: 'Walked the Sinhagad Road stretch with ward volunteers to check our map against the ground. Two drains we marked as blocked had been cleared; one we missed was full of concrete. #mapping',
      place: 'sinhagadRoad',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Data help for small relief groups',
      text: 'Two hours a week for any relief group drowning in spreadsheets: volunteer lists, stock sheets, delivery logs. Remote, free, and no question is too small. #opendata #volunteer',
    },
    {
      kind: 'general',
      text: "Helped Mei's team move their mangrove survey off paper: forty plots, eleven boats, and now one live map. Citizen science works better when the data comes back to the citizens. #citizenscience #opendata",
    },
    {
      kind: 'mission_update',
      mission: 'Mutha river flood map',
      text: 'The ward office now schedules drain cleaning from our map, ahead of the monsoon. Next we add the Pashan lake catchment. Volunteers for Saturday are still welcome. #mapping',
      place: 'pune',
    },
  ],

  wanjiru_kamau: [
    {
      kind: 'provision',
      category: 'Space',
      title: 'Lab time for water testing, at cost',
      text: 'Our lab in Nairobi has free bench time on Tuesdays and Thursdays. Community groups can test borehole or tap water for E. coli and fluoride at the cost of reagents, about 600 shillings a sample. #watertesting #science',
      place: 'nairobi',
      comments: [
        ['grace_mensah', 'We worry about three village boreholes in Volta. Could we courier samples to you?'],
        [
          'wanjiru_kamau',
          'Samples have to reach us within 24 hours at 4 °C, which is hard from Ghana. Let me find you a lab in Accra.',
          'reply',
        ],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Sampling volunteers in Kibera',
      text: 'We want to test 30 water points in Kibera over two weeks. Looking for volunteers who know the area and can carry a cool box. Training on day one. #watertesting #volunteer',
      place: 'kibera',
    },
    {
      kind: 'general',
      text: 'Results from the first 12 water points: nine clean, three with E. coli, and all three near the same broken sewer line. The county has the report and a repair date. #watertesting #water',
      place: 'kibera',
      picture: 'water',
      comments: [
        ['arjun_mehta', 'Would you share the points as open data? We could map them for the neighbourhood.'],
        ['wanjiru_kamau', 'Once the residents have seen them first, yes.', 'reply'],
      ],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A second-hand 37 °C incubator',
      text: 'Our incubator is older than our youngest technician. Looking for a working 37 °C incubator, any brand, anywhere in Kenya. #science #watertesting',
      place: 'nairobi',
    },
    {
      kind: 'general',
      text: "Explained coliform counts to a women's group in Machakos using beans in jars. Best question of the day: 'If the water is clear, how can it be dirty?' #watertesting",
      place: 'machakos',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Training for borehole committees',
      text: 'A half-day course for borehole committees: how to take a clean sample, read a field test strip, and know when to call a lab. Free, in English or Swahili. #watertesting #training',
    },
    {
      kind: 'need',
      category: 'Equipment',
      title: 'Cool boxes for sample transport',
      text: 'We lose samples in traffic. We need six good cool boxes with ice packs to get water from Machakos to the lab inside the 24-hour window. #watertesting',
      status: 'fulfilled',
      comments: [
        [
          'ada_okafor',
          'Use two boxes per run and open one only at the lab. It keeps the temperature log honest.',
        ],
      ],
    },
    {
      kind: 'general',
      text: "Three of the Kibera water points were retested after the sewer repair, and all three are clean. The chairman sent a photo of children drinking from the tap with the caption 'your fault'. #watertesting #water",
      place: 'kibera',
      picture: 'water',
    },
    {
      kind: 'general',
      text: 'Finally met the county water office about our borehole results. It took six letters and one visit. #water',
      place: 'nairobi',
      review: {
        of: 'the county water office',
        rating: 3.5,
        description:
          'Slow to answer letters, quick once you are in the room. Bring printed results: they do not open attachments.',
      },
    },
    {
      kind: 'want',
      category: 'Skills',
      title: 'A statistician for a small water study',
      text: 'We have two years of monthly results from 30 water points and a hunch about rain and contamination. Looking for a volunteer statistician to test the hunch properly. #science #opendata',
      comments: [['arjun_mehta', 'This is exactly my kind of problem. Send me the data dictionary.']],
    },
  ],

  grace_mensah: [
    {
      kind: 'need',
      category: 'Medical supplies',
      title: 'Nitrile gloves and blood pressure cuffs',
      text: 'Our mobile clinic is down to one box of nitrile gloves and two blood pressure cuffs for four nurses. Gloves in M and L, adult cuffs. Any amount helps. #healthcare #mobileclinic',
      place: 'ho',
      status: 'fulfilled',
      comments: [
        [
          'maria_santos',
          'We keep spare adult cuffs from a donation. Shipping to Ghana is slow, but I will ask our supplier about a distributor in Accra.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Clinic day in Kpando: 86 adults screened, 11 new diabetes diagnoses, and a grandmother who walked 6 km to have her blood pressure checked. #mobileclinic #healthcare',
      place: 'kpando',
      picture: 'health',
    },
    {
      kind: 'need',
      category: 'Volunteers',
      title: 'Drivers for the Volta clinic week',
      text: 'The mobile clinic visits 12 villages from next Monday and two of our drivers are away. We need drivers with a licence for a 4x4; fuel and meals covered. #mobileclinic #volunteer',
      status: 'fulfilled',
      comments: [
        ['kwame_asante', 'One of our installers can drive the first week. He knows the Hohoe road well.'],
      ],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A solar vaccine fridge, second-hand',
      text: 'Our vaccine fridge in Hohoe runs on grid power that cuts out twice a day. Looking for a second-hand solar direct-drive fridge, or advice on where to find one. #healthcare #solar',
      place: 'hohoe',
      comments: [
        ['kwame_asante', 'We install those. Let me visit next week and size one for you.'],
        ['grace_mensah', 'That would be wonderful. The clinic is next to the lorry station.', 'reply'],
      ],
    },
    {
      kind: 'mission_update',
      mission: 'Volta mobile clinic week',
      text: 'Day one done: Tsito and Anfoega, 140 patients, and one referral to Ho with a suspected appendicitis. The road washed out after Anfoega, so tomorrow starts at five. #mobileclinic',
      place: 'kpando',
    },
    {
      kind: 'need',
      category: 'Medical supplies',
      title: 'Lancets and test strips after the screening drive',
      text: 'We screened for diabetes in six villages and used every lancet we had. Need lancets and strips for Accu-Chek meters, unexpired, any quantity. #healthcare #mobileclinic',
      place: 'ho',
    },
    {
      kind: 'mission_update',
      mission: 'Volta mobile clinic week',
      text: "Week over: 12 villages, 1,310 patients, 214 children vaccinated, and 46 people started on diabetes or blood pressure treatment. Thank you to Kwame's driver and the two volunteer nurses from Accra. #mobileclinic #healthcare",
      picture: 'health',
      comments: [
        ['omar_haddad', 'These numbers are a quiet miracle. How do you follow up the 46?'],
        [
          'grace_mensah',
          'Community health volunteers visit them every month, and we come back in three months.',
          'reply',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Our new pharmacy supplier in Ho delivered on time for the first time this year. #healthcare',
      place: 'ho',
      review: {
        of: 'our new pharmacy supplier in Ho',
        rating: 4.5,
        description:
          'Delivered the whole order on the promised day and swapped two short-dated boxes without an argument.',
      },
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Blood pressure training for volunteers',
      text: 'I train community health volunteers to take blood pressure correctly and to know when to refer. Two afternoons, free, at the Ho polyclinic. #healthcare #training',
      place: 'ho',
    },
    {
      kind: 'general',
      text: "Kwame's team installed the solar fridge in Hohoe on Thursday. On Friday the grid went down for seven hours and the vaccines stayed at 4 °C the whole time. #solar #healthcare",
      place: 'hohoe',
      comments: [
        ['kwame_asante', 'Seven hours and the compressor barely noticed. Now for the other three clinics.'],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'A pharmacist for the next clinic week',
      text: 'Our next clinic week is in three months and we need a pharmacist who can spare five days. Accommodation in Ho and transport are covered. #mobileclinic #volunteer',
      comments: [
        [
          'maria_santos',
          'A pharmacist from our hospital did two clinic weeks in Samar last year and loved it. I will ask whether she fancies Ghana.',
        ],
      ],
    },
  ],

  maria_santos: [
    {
      kind: 'general',
      text: 'Another storm is forecast to pass north of Leyte this week. If you take insulin, keep two weeks of supply and a cool pouch in your go-bag, and write your doses on paper in case your phone dies. #typhoon #preparedness',
      place: 'tacloban',
    },
    {
      kind: 'need',
      category: 'Medical supplies',
      title: 'Glucose strips for the evacuation centre',
      text: 'The evacuation centre at the Tacloban Astrodome has 38 people with diabetes, and our health desk has one box of glucose strips left. Any unexpired strips, for any brand of meter, would help. #healthcare #typhoon',
      place: 'tacloban',
      status: 'fulfilled',
      comments: [
        [
          'grace_mensah',
          "We had the same shortage last month. The manufacturer's local office donated two cartons when we wrote to them directly.",
        ],
        ['maria_santos', 'Writing to them today. Thank you, Grace.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: "Two cartons of glucose strips arrived from the manufacturer's Manila office. The health desk can test everyone twice a day again. #healthcare",
      place: 'tacloban',
    },
    {
      kind: 'provision',
      category: 'Translation',
      title: 'Tagalog and Waray translation for leaflets',
      text: 'I can translate preparedness or health leaflets into Tagalog and Waray in the evenings, free for community groups. Two pages a week is about my limit. #translation #preparedness',
      comments: [
        [
          'yuki_tanaka',
          'Our go-bag leaflet needs Tagalog for the Filipino families in Sendai. Can I send it to you?',
        ],
        ['maria_santos', 'Send it. Salamat for including them.', 'reply'],
      ],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Folding stretchers for the evacuation centre',
      text: 'We carry patients on blankets between the evacuation centre and the ambulance. Looking for four folding stretchers, new or used, for the Astrodome health desk. #typhoon #firstaid',
      place: 'tacloban',
      comments: [
        ['omar_haddad', 'Canvas ones outlast nylon. I can send you the model our ambulance service uses.'],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Wound care training for barangay volunteers',
      text: 'After every typhoon we see infected cuts from debris. I teach barangay health volunteers to clean and dress wounds properly: half a day, free. #firstaid #training',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Nurses for a weekend diabetes screening',
      text: 'Running a free diabetes screening at the San Jose barangay hall on Saturday. Need three nurses or nursing students to take histories while we test. #healthcare #volunteer',
      place: 'tacloban',
    },
    {
      kind: 'need',
      category: 'Power',
      title: 'A generator for the health desk in Palo',
      text: '🆘 Power is out across Palo after the storm and our insulin is in a cool box with the last of the ice. We need a generator or a solar fridge for the health desk at the Palo gym before tonight. #typhoon #coldchain',
      place: 'palo',
      status: 'fulfilled',
      comments: [
        [
          'kwame_asante',
          'A 300 W solar kit will run a small fridge. If nobody local has one, try the fishing co-ops: they keep their ice plants running.',
        ],
        [
          'maria_santos',
          'The fishermen brought ice and lent us a generator. We are fine for three days.',
          'reply',
        ],
      ],
    },
    {
      kind: 'general',
      after: 20,
      text: "Thank you to the fishermen's co-op in Palo: ice at midnight and a generator by dawn. Every vial of insulin is still good. #typhoon #coldchain",
      place: 'palo',
      picture: 'power',
    },
    {
      kind: 'general',
      text: 'The municipal disaster office in Palo kept their radio manned all night during the storm. Giving credit where it is due. #typhoon',
      place: 'palo',
      review: {
        of: 'the Palo municipal disaster office',
        rating: 4,
        description:
          'They answered the radio at 3 am and had a water truck at the gym before the roads were officially open.',
      },
    },
    {
      kind: 'general',
      text: 'Years after Yolanda, I still check the sea before I check my phone in the morning. What changed is that every barangay now keeps a list of who needs help to evacuate. Lists save lives. #typhoon #preparedness',
      comments: [
        [
          'yuki_tanaka',
          'After 2011 we learned the same thing in Miyagi. The list matters more than the sea wall.',
        ],
      ],
    },
  ],

  omar_haddad: [
    {
      kind: 'provision',
      category: 'Equipment',
      title: 'CPR training dummies to lend',
      text: 'Our ambulance station has six adult CPR dummies and two infant ones that sit idle on weekdays. Schools and clubs in Amman can borrow them for a week. #firstaid #training',
      place: 'amman',
      comments: [
        [
          'liam_walsh',
          'Wish you were closer. Our club has been trying to get CPR training for its coaches for a year.',
        ],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'First-aid trainers for 600 students',
      text: 'We teach CPR and bleeding control in 14 secondary schools this term. Looking for paramedics, nurses or trained first-aiders who can give four mornings. Materials provided. #firstaid #volunteer',
      place: 'amman',
    },
    {
      kind: 'general',
      text: "Taught 90 students at a girls' school in Jabal Al-Hussein today. At the end one of them did thirty compressions at the right depth without a single correction. #firstaid #training",
      place: 'amman',
      picture: 'classroom',
    },
    {
      kind: 'general',
      text: "Advice from the night shift: half of this week's calls were older people who fell at home and lay there for hours. If you have an elderly neighbour, agree on a daily knock or a text. #preparedness",
      comments: [
        [
          'sofia_rossi',
          "My nonna's building does this with a ribbon on the door handle: no ribbon by ten, someone knocks.",
        ],
      ],
    },
    {
      kind: 'need',
      category: 'Medical supplies',
      title: 'AED trainer units for school classes',
      text: 'We teach defibrillator use with one old trainer unit shared between six classrooms. Looking for two or three AED trainers, any brand; they cannot shock, so they are safe to post. #firstaid',
      status: 'fulfilled',
      comments: [
        ['jonas_berg', 'Our rescue team has a spare trainer. Posting it to Amman this week.'],
        ['omar_haddad', 'Jonas, you are a star. Sending you the address.', 'reply'],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Coaches for a refugee youth football league',
      text: 'Eight teams, Saturday mornings in Zarqa, boys and girls from 10 to 14. No experience needed beyond loving the game. #football #youthsport',
      place: 'zarqa',
      comments: [
        ['liam_walsh', 'I can send you our coaching drills, translated if you can find me a translator.'],
      ],
    },
    {
      kind: 'general',
      text: "First Saturday of the Zarqa league: 96 kids, eight teams, and one ball lost over the wall, returned by a neighbour's goat. #football #youthsport",
      place: 'zarqa',
      picture: 'sports',
      comments: [['liam_walsh', 'Goat assist. Best match report I have read all year.']],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Shin pads for 100 kids',
      text: "The kits for the Zarqa league were donated; shin pads were not. Looking for 100 pairs of children's shin pads, and used is fine. #football #youthsport",
      place: 'zarqa',
      comments: [
        [
          'liam_walsh',
          'We have a box of about forty pairs from kids who grew out of them. They can travel with the kits.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Observed a shift at the new emergency dispatch centre with my training group. Fast and calm; addresses in the old city are still the weak spot. #firstaid',
      place: 'amman',
      review: {
        of: "Amman's new emergency dispatch centre",
        rating: 4,
        description:
          'Calls are answered in seconds now. The address system still struggles with the older neighbourhoods.',
      },
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Bleeding-control course for workplaces',
      text: 'A two-hour bleeding-control course for workshops, building sites and kitchens: tourniquets, wound packing and pressure. Free for small businesses in Amman this month. #firstaid #training',
      place: 'amman',
      comments: [
        ['amina_diallo', 'Our press has cut two fingers this year. I wish we had this in Dakar.'],
        ['omar_haddad', 'Send me your address and I will post you the course slides in French.', 'reply'],
      ],
    },
  ],

  liam_walsh: [
    {
      kind: 'provision',
      category: 'Equipment',
      title: 'Spare football kits for a youth league',
      text: 'Our club has 60 spare kits from last season, sizes 10 to 14, washed and folded. Looking for a youth league that needs them; we will pay the postage. #football #youthsport',
      place: 'mahon',
      comments: [
        ['omar_haddad', 'Our refugee league in Zarqa would wear them with pride. Could they reach Jordan?'],
        ['liam_walsh', 'They can. Send me the address and they go on Monday.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: 'Our charity 10 km is on a week from Sunday, along the Marina. Every euro goes to flood relief this year. Sign up at the clubhouse or message me. #fundraiser #floodrelief',
      place: 'cork',
    },
    {
      kind: 'need',
      category: 'Volunteers',
      title: 'Marshals for the charity 10 km',
      text: 'Need 25 marshals for the charity 10 km on Sunday morning: a hi-vis vest, a flask of tea and a cheerful voice. Three hours, 8 to 11. #fundraiser #volunteer',
      place: 'cork',
      status: 'fulfilled',
    },
    {
      kind: 'general',
      text: 'The under-14s won 3–1 in Ballincollig, then stayed behind to help the home side pick litter off their pitch. Prouder of that than of the score. #football #youthsport',
      picture: 'sports',
    },
    {
      kind: 'hunt',
      huntType: 'service',
      title: 'A minibus for away games',
      text: 'Parents drive 14 kids to away matches in five cars every Saturday. Looking for a 16-seat minibus to borrow, or to share with another club in Cork. #youthsport #transport',
      place: 'mahon',
    },
    {
      kind: 'general',
      text: 'The charity 10 km raised €8,420 from 312 runners. Every cent goes to flood relief, split between the groups in Durban and Porto Alegre on this site. #fundraiser #floodrelief',
      place: 'cork',
      picture: 'people',
      comments: [
        [
          DEMO_LOGIN.username,
          'Liam, this will rebuild the crèche floors in Umlazi. Thank you to every runner.',
        ],
        ['rafael_costa', 'Obrigado, Cork! This buys seed for nine farms.'],
      ],
    },
    {
      kind: 'want',
      category: 'Skills',
      title: 'CPR training for our youth coaches',
      text: "Our club's 20 coaches need CPR and defibrillator training before next season. Is there a certified trainer in Cork willing to run a Saturday session for a donation? #training #youthsport",
    },
    {
      kind: 'general',
      text: 'Packed the kits for Zarqa: 60 jerseys, 60 pairs of shorts, 40 pairs of shin pads, and a letter from our under-14s with their drawings of the club crest. #football',
      place: 'mahon',
    },
    {
      kind: 'provision',
      category: 'Space',
      title: 'Our pitch on weekday mornings',
      text: 'Our pitch is free on weekday mornings. Schools, walking groups, or anyone organising a sports day for a good cause can use it, with toilets and a kettle. #youthsport',
      place: 'mahon',
    },
  ],

  jonas_berg: [
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Free avalanche awareness evenings',
      text: 'Every Wednesday this winter I run a free avalanche awareness evening in Tromsø: reading the bulletin, choosing safe slopes, using a transceiver. Bring your own questions. #avalanche #training',
      place: 'tromso',
    },
    {
      kind: 'general',
      text: 'Rescue exercise in the Lyngen Alps: we buried two transceivers under 1.5 m of snow, and the new volunteers found both in under eight minutes. #avalanche #outdoors',
      place: 'lyngen',
      picture: 'mountain',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Used avalanche transceivers for a youth group',
      text: 'Our youth ski-touring group has twelve teenagers and eight transceivers. Looking for four used digital transceivers that still pass a function check. #avalanche #outdoors',
      place: 'tromso',
      comments: [
        [
          'yuki_tanaka',
          'Some mountain clubs here retire theirs after five years. I will ask around in Sendai.',
        ],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Volunteers for a fjord beach clean-up',
      text: 'Winter storms have piled plastic up in the coves north of Tromsø. Need ten people in warm clothes for a Saturday clean-up by boat. #cleanup #outdoors',
      place: 'tromso',
    },
    {
      kind: 'general',
      text: "The clean-up filled 62 sacks: fishing net, rope and a surprising number of single shoes. Amina's team in Dakar says the hard plastic could become bricks, so we are shipping them a sample. #cleanup #recycling",
      place: 'tromso',
      picture: 'coast',
      comments: [
        [
          'amina_diallo',
          'Fishing net is nylon, so it cannot go into bricks, but the crates and floats can. Send us a photo of the pile!',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Equipment',
      title: 'Four handheld GPS units, free',
      text: 'Our rescue team is replacing its handheld GPS units. Four old ones, working, with spare batteries, are free to a research or relief project. #outdoors',
      comments: [['mei_chen', 'Our survey boats would love them. Messaging you now.']],
    },
    {
      kind: 'general',
      text: 'Stayed in the mountain hut above Lyngseidet during the rescue exercise. #outdoors',
      place: 'lyngen',
      review: {
        of: 'the mountain hut above Lyngseidet',
        rating: 4.5,
        description:
          'Warm, well stocked, and the logbook is honest about conditions. The wood stove is a saint.',
      },
    },
    {
      kind: 'general',
      text: 'Call-out last night: two skiers overdue on a tour above Kåfjord. We found them cold but fine at 2 am, in a snow cave they had dug themselves. Their training is the reason they were fine. #avalanche',
      place: 'lyngen',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'A guided ski-touring day, auctioned for the rescue team',
      text: "I am auctioning a day of guided ski touring in the Lyngen Alps; the winning bid pays for our rescue team's new sled. Bids close on Friday. #fundraiser #outdoors",
      place: 'lyngen',
      comments: [['liam_walsh', 'Bidding from Cork. My knees have opinions, but the rest of me is in.']],
    },
  ],

  yuki_tanaka: [
    {
      kind: 'general',
      text: "Earthquake drill at the community centre on Sunday at 10. Bring your go-bag and we'll check it together; last time half of them held expired water. #earthquake #preparedness",
      place: 'sendai',
    },
    {
      kind: 'want',
      category: 'Translation',
      title: 'Translators for go-bag workshops',
      text: 'Migrant families in Sendai miss our workshops because they are only in Japanese. Looking for volunteers who speak Tagalog, Vietnamese or Portuguese for four Saturday sessions. #translation #preparedness',
      place: 'sendai',
      comments: [
        [
          'maria_santos',
          'I can do the Tagalog leaflet remotely, and I know a nurse from Leyte in Sendai who might come in person.',
        ],
      ],
    },
    {
      kind: 'general',
      text: 'Walked the new evacuation route in Ishinomaki with a class of schoolchildren. They counted the steps to high ground: 640. Now they know. #earthquake #preparedness',
      place: 'ishinomaki',
      picture: 'route',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Go-bag workshop for your group',
      text: 'I run a 90-minute go-bag workshop for companies, schools or clubs: what to pack, how to store water, how to meet up when the phones are down. Free for community groups. #preparedness #training',
    },
    {
      kind: 'general',
      text: 'A magnitude 5 shook Miyagi at 3 am. Everyone in our building was outside in four minutes, in shoes, with bags. Two years ago it took fifteen. #earthquake',
      place: 'sendai',
      comments: [
        ['maria_santos', 'Four minutes at 3 am! Your drills are working.'],
        ['jonas_berg', 'Shoes are the detail everyone forgets. Good to see it drilled in.'],
      ],
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Crew for a coastal clean-up by kayak',
      text: 'Five days paddling the Sanriku coast, collecting debris from coves only reachable by water. Kayaks provided; you need to swim and not mind cold water. #cleanup #outdoors',
      place: 'kesennuma',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Hand-crank radios for older residents',
      text: 'Older residents here rely on television for warnings, and television dies with the power. Looking for 30 hand-crank FM radios for a pilot in one apartment block. #preparedness #earthquake',
      place: 'sendai',
    },
    {
      kind: 'general',
      text: "Took a group of Vietnamese students to the city's disaster prevention centre. The earthquake simulator was the quietest they had been all day. #earthquake",
      place: 'sendai',
      review: {
        of: 'the Sendai disaster prevention centre',
        rating: 4.5,
        description: 'The simulator is sobering, and the staff explain things without scaring the children.',
      },
    },
    {
      kind: 'general',
      text: 'Our go-bag leaflet now exists in Japanese, English, Tagalog, Vietnamese and Portuguese. Thank you to Maria and to the three university students who did the rest. #translation #preparedness',
      savedByDemo: true,
    },
    {
      kind: 'mission_update',
      mission: 'Sanriku coast clean-up',
      text: 'Day one: nine paddlers launched from Kesennuma at seven and reached the first cove by nine. It held 31 bags of polystyrene, rope and one intact refrigerator door. #cleanup #outdoors',
      place: 'kesennuma',
      comments: [['jonas_berg', 'A refrigerator door by kayak deserves a photo. How did you get it out?']],
    },
    {
      kind: 'mission_update',
      mission: 'Sanriku coast clean-up',
      after: 26,
      text: 'Day two on the water: 48 bags of debris from four coves, including a fishing float with a Korean label. The swell picks up tomorrow, so we paddle early. #cleanup #outdoors',
      place: 'kesennuma',
      picture: 'coast',
    },
  ],

  kwame_asante: [
    {
      kind: 'mission_update',
      mission: 'Solar for Ashanti clinics',
      text: "Clinic number four is on solar: 3.2 kW on the roof at Ejisu, a lithium battery, and for the first time a night ward that doesn't depend on a diesel generator. #solar #offgrid",
      place: 'ejisu',
      picture: 'power',
    },
    {
      kind: 'need',
      category: 'Transport',
      title: 'A truck partner for solar installs',
      text: 'We install off-grid solar on rural clinics and keep running out of trucks. Looking for a logistics partner to move panels and batteries across Ashanti on a paid contract. #solar #transport',
      place: 'kumasi',
      comments: [
        [
          'ada_okafor',
          'Happy to share our loading sheets. Panels travel best on edge, strapped to an A-frame.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Solar training for young electricians',
      text: 'A six-week solar installation course for young electricians in Kumasi: sizing, mounting, wiring and safety. Paid apprenticeships with us for the best four. #solar #training',
      place: 'kumasi',
    },
    {
      kind: 'general',
      text: 'People ask why we do clinics before homes. Because one fridge of vaccines serves 8,000 people, and a night delivery under a proper light saves two lives at once. #solar #offgrid',
      comments: [['grace_mensah', 'Every word of this.']],
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A lithium battery supplier in Ghana',
      text: 'We are tired of shipping batteries from abroad. Looking for a supplier in Ghana with 48 V LiFePO4 batteries that will honour a real warranty. #solar #offgrid',
      place: 'kumasi',
    },
    {
      kind: 'mission_update',
      mission: 'Solar for Ashanti clinics',
      text: 'Clinic five at Mampong is live. The midwife showed me the new delivery lamp before she showed me the panels, which tells you what matters. #solar',
      place: 'mampong',
    },
    {
      kind: 'general',
      text: "Sized a solar direct-drive vaccine fridge for Grace's clinic in Hohoe: no battery needed, because the cold is stored in an ice lining. Installation next Thursday. #solar #coldchain",
      place: 'hohoe',
    },
    {
      kind: 'provision',
      category: 'Power',
      title: 'Two solar generators on loan',
      text: 'Two 2 kW portable solar generators came back early from a job. Clinics or shelters can borrow them for up to a month, and we deliver anywhere in Ashanti. #solar #offgrid',
      place: 'kumasi',
    },
    {
      kind: 'general',
      text: 'Ran our installer exam at the polytechnic workshop in Kumasi. Nine of twelve apprentices passed first time. #training #solar',
      place: 'kumasi',
      review: {
        of: 'the polytechnic electrical workshop in Kumasi',
        rating: 4,
        description: 'Well equipped, and the technicians love a challenge. Book early: it is always full.',
      },
    },
    {
      kind: 'want',
      category: 'Funding',
      title: 'Co-funding for three more clinics',
      text: 'Three more clinics in Ashanti are waiting for power. Each install costs about 9,000 dollars and our service contracts cover half. Looking for a foundation or company to co-fund the rest. #solar #offgrid',
    },
    {
      kind: 'mission_update',
      mission: 'Solar for Ashanti clinics',
      text: 'Clinic six at Konongo: the diesel generator there burned 40 litres a week. Now it is a backup that has not run for nine days. #solar #offgrid',
      picture: 'power',
    },
  ],

  sofia_rossi: [
    {
      kind: 'general',
      text: 'Prototype five of the flat-pack shelter went up in 47 minutes, put up by two people who had never seen it before. The goal is 30 minutes with one adult and a child helping. #shelter #design',
      place: 'bovisa',
      picture: 'shelter',
    },
    {
      kind: 'want',
      category: 'Design',
      title: 'An illustrator for a wordless assembly guide',
      text: 'Our shelter needs an assembly guide that anyone can follow, whatever language they speak. Looking for an illustrator who loves clear diagrams; paid. #design #shelter',
      comments: [
        ['lena_fischer', 'I would love to help. I once did wordless instructions for a water filter.'],
      ],
    },
    {
      kind: 'need',
      category: 'Volunteers',
      title: 'Testers for a shelter in the rain',
      text: 'We want to know what happens when the shelter goes up in real rain. Looking for ten volunteers in Milan for a Saturday in a field in Bovisa; wet clothes guaranteed. #shelter #volunteer',
      place: 'bovisa',
      status: 'fulfilled',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'Twin-wall polycarbonate offcuts',
      text: 'Testing twin-wall polycarbonate for the roof panels. Looking for offcuts from greenhouse builders, at least 1 m by 2 m, anywhere in Lombardy. #shelter #recycling',
      place: 'bovisa',
    },
    {
      kind: 'general',
      text: 'Visited families in Faenza who still live in temporary housing after the 2023 floods. What they asked for most was not more space but a door that locks. #shelter #floodrelief',
      place: 'faenza',
      comments: [[DEMO_LOGIN.username, 'The same in our hall. Privacy is the first thing people lose.']],
    },
    {
      kind: 'provision',
      category: 'Shelter',
      title: 'Three prototype shelters on loan',
      text: 'We have three prototype shelters in storage, 12 square metres each, to lend to a relief group for field testing. All we ask in return is honest notes. #shelter',
      comments: [
        [
          'rafael_costa',
          'Could one come to Eldorado do Sul? Two families on the cooperative are still in tents.',
        ],
        ['sofia_rossi', 'Shipping is the hard part, but let us try. Messaging you.', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: "Mei's numbers on wave height behind mangroves are changing how we site coastal shelters: stand behind the trees, not on the beach. #shelter #design",
    },
    {
      kind: 'general',
      text: 'Built a 1:10 model of the new hinge detail at the university workshop in Bovisa. #design',
      place: 'bovisa',
      review: {
        of: 'the university model workshop in Bovisa',
        rating: 5,
        description: 'They cut our model overnight and pointed out a joint that would have failed.',
      },
    },
    {
      kind: 'general',
      text: 'Prototype six: the hinge that failed in the rain test is now a single folded plate. One fewer part, one fewer thing to lose in the mud. #design #shelter',
      picture: 'shelter',
    },
  ],

  lena_fischer: [
    {
      kind: 'provision',
      category: 'Design',
      title: 'A free review of your intake forms',
      text: 'If your relief group asks people in crisis to fill in a form, send it to me. I will review it for free and send back the three changes that matter most. #ux #design',
      comments: [
        ['sipho_ndlovu', 'Our food parcel form has 23 questions. I suspect you will have opinions.'],
        ['lena_fischer', 'I already do. Send it!', 'reply'],
      ],
    },
    {
      kind: 'general',
      text: 'Rewrote a shelter registration form from 31 questions to 9. Completion on phones went from 40 percent to 88. Nobody needs your fax number in an emergency. #ux',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Testers for a volunteer shift planner',
      text: 'Building a free tool that lets relief groups plan volunteer shifts from a phone. Looking for five coordinators who will use it for a month and tell me what annoys them. #ux #volunteer',
      comments: [[DEMO_LOGIN.username, 'I will test it. Our Tuesday rota could use the help.']],
    },
    {
      kind: 'hunt',
      huntType: 'service',
      title: 'A Ukrainian speaker to test a housing form',
      text: 'Need a Ukrainian speaker in Berlin for one hour to try a translated housing form on a phone while I watch. Paid, with cake. #ux #translation',
      place: 'kreuzberg',
    },
    {
      kind: 'general',
      text: "A lesson from a night at a Berlin arrival centre: the most used feature of our form was the 'skip' button. Let people come back later. #ux",
      place: 'kreuzberg',
    },
    {
      kind: 'general',
      text: 'Re-reading the Sphere standards before designing a shelter sign-up flow. A good reminder that dignity is a requirement, not a feature. https://spherestandards.org/handbook/ #design #shelter',
      preview: {
        url: 'https://spherestandards.org/handbook/',
        title: 'The Sphere Handbook',
        description: 'Humanitarian Charter and Minimum Standards in Humanitarian Response.',
        siteName: 'Sphere',
      },
      savedByDemo: true,
    },
    {
      kind: 'mission_update',
      mission: 'Volunteer shift planner',
      text: "The shift planner has its first five groups, from Durban to Cork. Most requested feature so far: a big red button that says 'I can't make it'. #ux #volunteer",
      comments: [
        [
          'liam_walsh',
          'We pressed that button for one marshal on race day and had a replacement in ten minutes.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Usability testing sessions for NGOs',
      text: 'Every month I run one usability test of an NGO website or app, with real users recruited and paid from a small grant. The next slot is open. #ux',
    },
    {
      kind: 'general',
      text: 'Sketched the wordless shelter guide for Sofia: fourteen panels, no words, and one hand-drawn arrow that does most of the work. #design #shelter',
      picture: 'shelter',
    },
  ],

  rafael_costa: [
    {
      kind: 'general',
      text: "The flood once reached the roofs in Eldorado do Sul; this week the maize is knee-high on the Silva family's plot. Native seed, a shared tractor, and nine families working each other's land. #agroecology #floodrelief",
      place: 'eldorado',
      picture: 'field',
    },
    {
      kind: 'need',
      category: 'Seeds',
      title: 'Native seed for nine family farms',
      text: 'We need creole maize and bean seed for nine family farms before the planting window closes, about 200 kg in all. Seed banks and neighbours: we will trade labour. #seeds #agroecology',
      place: 'eldorado',
      comments: [
        [
          'wanjiru_kamau',
          'Has the soil been tested for contamination since the flood? Happy to advise on labs that do heavy metals.',
        ],
        ['rafael_costa', 'Tested in spring and, thankfully, clean. But thank you.', 'reply'],
      ],
    },
    {
      kind: 'provision',
      category: 'Tools',
      title: 'Tractor time for flood-hit farms',
      text: "Our cooperative's tractor is free two days a week. Any family farm around Eldorado do Sul or Guaíba that lost its machinery to the flood can book it, with fuel at cost. #agroecology",
      place: 'eldorado',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Hands for a seed-saving weekend',
      text: "Seed-saving weekend at the cooperative: threshing, drying and labelling beans from this year's harvest. Lunch is on the farm and there will be music. #seeds #volunteer",
      place: 'eldorado',
    },
    {
      kind: 'mission_update',
      mission: 'Replant Eldorado do Sul',
      text: 'Seventeen farms replanted so far. Those with windbreaks of native trees lost less topsoil in the last storm, so we are planting 3,000 seedlings along the fence lines next month. #agroecology #floodrelief',
      place: 'eldorado',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A small used seed drill',
      text: 'Looking for a small used seed drill, two or three rows, that a 50 hp tractor can pull. Rio Grande do Sul or Santa Catarina. #seeds #agroecology',
      place: 'portoAlegre',
    },
    {
      kind: 'general',
      text: 'Market day in Canoas with produce from the replanted farms. The kale was gone by nine and the cheese sold out before we had unpacked it. #agroecology',
      place: 'canoas',
      picture: 'food',
    },
    {
      kind: 'general',
      text: 'Collected our seed allocation from the state seed bank in Porto Alegre. #seeds',
      place: 'portoAlegre',
      review: {
        of: 'the state seed bank in Porto Alegre',
        rating: 4,
        description: 'Generous with creole varieties and patient with paperwork. Plan two visits, not one.',
      },
    },
    {
      kind: 'mission_update',
      mission: 'Replant Eldorado do Sul',
      text: 'The money from the charity run in Cork has arrived: it bought seed for nine farms and a second-hand drill. The children at the school wrote thank-you cards in English, with some help. #agroecology #fundraiser',
      comments: [['liam_walsh', 'Those cards are going up in the clubhouse.']],
    },
    {
      kind: 'provision',
      category: 'Food',
      title: 'Vegetable boxes for shelters',
      text: 'Our farms grow more greens than the market takes. Every Friday we can send 40 vegetable boxes to shelters or community kitchens in Porto Alegre. #agroecology',
      place: 'portoAlegre',
    },
    {
      kind: 'need',
      category: 'Transport',
      title: 'Trucks to move seed stock above the flood line',
      text: '⚠️ The Jacuí is two metres up since yesterday and Civil Defence expects more overnight. Our seed store in Eldorado do Sul sits low: we need two trucks and a few strong backs by 4 pm to move 6 tonnes of seed to the school on the hill. #floodrelief #seeds',
      place: 'eldorado',
      comments: [['liam_walsh', 'Sharing with the Porto Alegre volunteers group now.']],
    },
  ],

  amina_diallo: [
    {
      kind: 'general',
      text: 'This wall is made of 1,400 plastic bags and 300 bottles. It is also a classroom wall in Rufisque, and it came through its first rainy season without a crack. #recycling #smallbusiness',
      place: 'rufisque',
      picture: 'classroom',
    },
    {
      kind: 'want',
      category: 'Funding',
      title: 'An investor for our second brick press',
      text: "Our brick press runs two shifts and still can't keep up with orders. We are raising 40,000 euros for a second press, which means 12 new jobs for young people from Yoff. #smallbusiness #recycling",
      comments: [
        [
          'kwame_asante',
          'Talk to the impact funds that backed solar in West Africa. They like hardware that pays for itself.',
        ],
      ],
    },
    {
      kind: 'provision',
      category: 'Equipment',
      title: 'Paving bricks for school playgrounds',
      text: 'We donate 500 paving bricks a month to schools in Dakar that want a dry playground. The school covers transport and we send a team to lay them. #recycling',
      place: 'dakar',
    },
    {
      kind: 'hunt',
      huntType: 'product',
      title: 'A second-hand plastic shredder',
      text: 'Our shredder overheats every afternoon. Looking for a second-hand industrial shredder in Senegal or a neighbouring country, 200 kg an hour or better. #recycling #smallbusiness',
      place: 'dakar',
    },
    {
      kind: 'general',
      text: 'Hired four more young women from Guédiawaye this month. One of them redesigned our mould so the bricks pop out without breaking. Smallest change, biggest result. #smallbusiness',
      place: 'dakar',
    },
    {
      kind: 'want',
      category: 'Volunteers',
      title: 'Collectors for a beach clean-up in Yoff',
      text: 'Saturday clean-up on Yoff beach; afterwards we weigh everything and turn it into bricks. Gloves and breakfast provided. #cleanup #recycling',
      place: 'dakar',
      picture: 'people',
    },
    {
      kind: 'general',
      text: 'Two days at the building materials fair in Thiès with our bricks and a great many business cards. #smallbusiness',
      place: 'thies',
      review: {
        of: 'the building materials fair in Thiès',
        rating: 3.5,
        description:
          'Good buyers and useful contacts. The hall was so hot our sample bricks nearly softened.',
      },
    },
    {
      kind: 'general',
      text: "Testing bricks made from Jonas's fjord plastic: the crates and floats melt well, the rope does not. Now we know what to ask for. #recycling",
      place: 'dakar',
    },
    {
      kind: 'provision',
      category: 'Skills',
      title: 'Mentoring for women starting a business',
      text: 'Every first Monday I mentor two women starting a small business in Dakar: pricing, bookkeeping, and saying no to bad customers. Free. #smallbusiness',
    },
  ],
};

/** People who work on the same things like each other's posts more often. */
const circles = [
  [
    DEMO_LOGIN.username,
    'sipho_ndlovu',
    'ada_okafor',
    'yuki_tanaka',
    'maria_santos',
    'rafael_costa',
    'liam_walsh',
  ],
  ['grace_mensah', 'omar_haddad', 'maria_santos', 'kwame_asante', 'wanjiru_kamau'],
  ['diego_alvarez', 'tomas_novak', 'tunde_bakare', 'lena_fischer', 'sofia_rossi'],
  ['mei_chen', 'arjun_mehta', 'wanjiru_kamau', 'sofia_rossi'],
  ['kwame_asante', 'sofia_rossi', 'amina_diallo', 'lena_fischer', 'rafael_costa'],
  ['jonas_berg', 'yuki_tanaka', 'liam_walsh', 'omar_haddad', 'amina_diallo'],
];
const close = (a: string, b: string) => circles.some((c) => c.includes(a) && c.includes(b));

/** A post's picture, drawn from its text: each post has its own, and every demo database the same. */
function pictureOf(theme: PictureTheme, post: DemoPost): string {
  return demoPicture(theme, seedOf(post.text));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The posts are spread over the last three weeks, so the week's trending hashtags have a third. */
const WINDOW = 21 * 24 * HOUR;

type Timed = { post: DemoPost; username: string; authorId: string; at: number; id: string };

/** Each author's posts spread over the window in their order, with a little jitter. */
function timeline(users: Map<string, string>, now: number, random: () => number): Timed[] {
  const timed: Timed[] = [];
  for (const [username, posts] of Object.entries(stories)) {
    const authorId = users.get(username);
    if (!authorId) continue;
    let previous = 0;
    for (const [k, post] of posts.entries()) {
      const spread = now - WINDOW + (WINDOW * (k + 0.8 + (random() - 0.5) * 0.6)) / posts.length;
      // The newest posts land between a quarter of an hour and a few hours ago.
      const latest = now - (15 + random() * 180) * MINUTE;
      const at = Math.round(Math.min(post.after ? previous + post.after * HOUR : spread, latest));
      previous = at;
      timed.push({ post, username, authorId, at, id: newId() });
    }
  }
  return timed.sort((a, b) => a.at - b.at);
}

/**
 * The text as the composer would have saved it: a mission update starts with its bell line. The
 * missions seed made the missions (same titles); the database numbers each update as it is
 * inserted (migration 0014), in the order written here, which is the order numbered below.
 */
function missionContent(timed: Timed[], missionIds: Map<string, string>) {
  const counts = new Map<string, number>();
  const content = new Map<string, { text: string; mission: string | null; missionId: string | null }>();
  for (const { post, id } of timed) {
    const missionId = post.mission ? missionIds.get(post.mission) : undefined;
    if (!post.mission || !missionId) {
      content.set(id, { text: post.text, mission: null, missionId: null });
      continue;
    }
    const number = (counts.get(post.mission) ?? 0) + 1;
    counts.set(post.mission, number);
    content.set(id, {
      text: `🔔 Update #${number}: ${post.mission}\n${post.text}`,
      mission: JSON.stringify({ title: post.mission, missionId, updateCount: number }),
      missionId,
    });
  }
  return content;
}

/**
 * A need's expiry and "Still needed?" mark as the lifecycle job (issue 16) would have left them:
 * asked once its expiry came within NEED_NUDGE_DAYS, if it is still open.
 */
function lifecycleOf(post: DemoPost, at: number, now: number) {
  if (post.kind !== 'need' && post.kind !== 'want') return {};
  const expiresAt =
    post.expiresInHours !== undefined ? now + post.expiresInHours * HOUR : at + NEED_OPEN_DAYS_DEFAULT * DAY;
  const askedAt = expiresAt - NEED_NUDGE_DAYS * DAY;
  const asked = (post.status ?? 'open') === 'open' && askedAt <= now;
  return { expiresAt: new Date(expiresAt), nudgedAt: asked ? new Date(Math.max(askedAt, at)) : null };
}

/** About two hundred posts over three weeks: needs, offers, hunts, updates, reviews, likes and comments. */
export const postsSeed: DemoSeed = {
  name: 'posts',
  async run({ db, media }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const usernames = [...users.keys()];
    const random = seededRandom(2026);
    const now = Date.now();
    const timed = timeline(users, now, random);
    // Rendered side by side: sharp works off the main thread, and start-up waits for the demo data.
    const images = new Map(
      await Promise.all(
        timed
          .filter((t) => t.post.picture)
          .map(async (t) => [t.id, await media.saveDrawing(pictureOf(t.post.picture!, t.post))] as const),
      ),
    );
    const missions = await db.selectFrom('missions').select(['id', 'title']).execute();
    const content = missionContent(timed, new Map(missions.map((m) => [m.title, m.id])));

    const posts: Insertable<PostsTable>[] = [];
    const tags: PostHashtagsTable[] = [];
    const likes: Insertable<PostLikesTable>[] = [];
    const comments: Insertable<CommentsTable>[] = [];
    for (const { post, username, authorId, at, id } of timed) {
      const createdAt = new Date(at);
      const { text, mission, missionId } = content.get(id)!;
      const hashtags = extractHashtags(`${post.title ?? ''} ${text}`);
      const isNeed = post.kind === 'need' || post.kind === 'want';

      // Comments follow the post by minutes to hours (squeezed in before now on a recent post); a
      // reply answers the comment before it.
      let commentAt = at;
      let parentId: string | null = null;
      const commenters = new Set<string>();
      for (const [by, body, reply] of post.comments ?? []) {
        const commenterId = users.get(by);
        if (!commenterId) continue;
        commentAt += Math.min((20 + random() * 160) * MINUTE, (now - commentAt) / 3);
        const commentId = newId();
        comments.push({
          id: commentId,
          postId: id,
          authorId: commenterId,
          parentId: reply ? parentId : null,
          content: body,
          createdAt: new Date(commentAt),
        });
        if (!reply) parentId = commentId;
        if (by !== username) commenters.add(by);
      }

      // Likes come mostly from people who work on the same things, and from those who answered.
      const likers = usernames.filter((u) => {
        if (u === username) return false;
        const chance = commenters.has(u) ? 0.75 : close(u, username) ? 0.45 : 0.08;
        return random() < chance * (post.kind === 'mission_update' || text.includes('🚨') ? 1.4 : 1);
      });
      for (const u of likers) {
        likes.push({
          postId: id,
          userId: users.get(u)!,
          createdAt: new Date(at + random() * Math.min(30 * HOUR, now - at)),
        });
      }

      posts.push({
        id,
        authorId,
        kind: post.kind,
        title: post.title ?? '',
        content: text,
        category: post.category ?? null,
        status: isNeed ? (post.status ?? 'open') : null,
        huntType: post.huntType ?? null,
        image: images.get(id) ?? null,
        review: post.review
          ? JSON.stringify({
              rating: post.review.rating,
              title: `My review of ${post.review.of}`,
              description: post.review.description,
            })
          : null,
        ...placeColumns(post.place ? places[post.place] : undefined),
        mission,
        missionId,
        emergencyEmoji: emergencyEmojis.find((e) => text.includes(e)) ?? null,
        linkPreview: post.preview ? JSON.stringify(post.preview) : null,
        hashtags,
        ...lifecycleOf(post, at, now),
        // likeCount and commentCount: counted by the database as the likes and comments go in.
        createdAt,
        updatedAt: createdAt,
      });
      tags.push(
        ...hashtags.map((tag) => ({ postId: id, tag, kind: post.kind, createdAt, authorId, missionId })),
      );
    }

    await db.insertInto('posts').values(posts).execute();
    await db.insertInto('postHashtags').values(tags).execute();
    await db.insertInto('postLikes').values(likes).execute();
    await db.insertInto('comments').values(comments).execute();

    const demo = users.get(DEMO_LOGIN.username);
    if (!demo) return;
    const saved = timed.filter((t) => t.post.savedByDemo);
    if (saved.length) {
      await db
        .insertInto('savedPosts')
        .values(
          saved.map((t) => ({
            userId: demo,
            postId: t.id,
            createdAt: new Date(Math.min(t.at + 2 * HOUR, now)),
          })),
        )
        .execute();
    }
    await db
      .insertInto('hashtagFollows')
      .values(['floodrelief', 'foodbank', 'preparedness'].map((tag) => ({ userId: demo, tag })))
      .execute();
  },
};
