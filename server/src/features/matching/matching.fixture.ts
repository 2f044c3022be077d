/**
 * A harder fixture for matching (issue 32, item 2; decision 050): needs and offers across several
 * cities and countries, each labelled with the matches a person reading them would expect. Besides
 * the pairs that should meet, it holds near misses on purpose:
 *
 * - the same words far away (a generator offered in Durban, needed in Cebu);
 * - the same category, another need (solar lamps for a generator; ladders for a chainsaw);
 * - the same word, another category ("blood" donors and "blood" pressure checks);
 * - language pairs (isiZulu voice notes and a Tagalog translator; storybooks and a translator
 *   sharing only "Tagalog");
 * - things sent too far (insulin from Cebu to Manila) and in-person work offered online;
 * - and work done from anywhere that should meet across continents (Tagalog translation between
 *   Lisbon and Cebu, design, websites, survey analysis, tutoring, English lessons).
 *
 * `matching.fixture.test.ts` posts them all through the API and prints precision and recall over
 * every need–offer pair.
 */

/** [longitude, latitude] of each place, and the city-level address a post would carry. */
export const fixturePlaces = {
  cebu: { address: 'Cebu City, Central Visayas, Philippines', coordinates: [123.8854, 10.3157] },
  mandaue: { address: 'Mandaue, Central Visayas, Philippines', coordinates: [123.9223, 10.3236] },
  lapuLapu: { address: 'Lapu-Lapu, Central Visayas, Philippines', coordinates: [123.9494, 10.3103] },
  tacloban: { address: 'Tacloban, Eastern Visayas, Philippines', coordinates: [125.0, 11.2436] },
  manila: { address: 'Manila, Metro Manila, Philippines', coordinates: [120.9842, 14.5995] },
  durban: { address: 'Durban, KwaZulu-Natal, South Africa', coordinates: [31.0218, -29.8587] },
  umlazi: { address: 'Umlazi, KwaZulu-Natal, South Africa', coordinates: [30.8856, -29.9706] },
  pietermaritzburg: {
    address: 'Pietermaritzburg, KwaZulu-Natal, South Africa',
    coordinates: [30.3794, -29.6006],
  },
  lisbon: { address: 'Lisbon, Portugal', coordinates: [-9.1393, 38.7223] },
  porto: { address: 'Porto, Portugal', coordinates: [-8.6291, 41.1579] },
  nairobi: { address: 'Nairobi, Kenya', coordinates: [36.8219, -1.2921] },
  kibera: { address: 'Kibera, Nairobi, Kenya', coordinates: [36.782, -1.3133] },
  saoPaulo: { address: 'São Paulo, Brazil', coordinates: [-46.6333, -23.5505] },
  campinas: { address: 'Campinas, São Paulo, Brazil', coordinates: [-47.0608, -22.9056] },
} satisfies Record<string, { address: string; coordinates: [number, number] }>;

export type FixturePost = {
  kind: 'need' | 'want' | 'provision';
  category: string;
  title: string;
  content: string;
  place?: keyof typeof fixturePlaces;
};

/** Needs and wants, by key. */
export const fixtureNeeds: Record<string, FixturePost> = {
  generatorCebu: {
    kind: 'need',
    category: 'Energy',
    title: 'Generator for our water pump',
    content:
      'Power has been out in our barangay since the storm. We need a generator to run the water pump for thirty households.',
    place: 'cebu',
  },
  generatorUmlazi: {
    kind: 'need',
    category: 'Energy',
    title: 'Generator for the community hall',
    content:
      'The hall shelters flood families and the electricity keeps failing at night. A generator would keep the lights and the kettle going.',
    place: 'umlazi',
  },
  rideCebu: {
    kind: 'need',
    category: 'Transport',
    title: 'Rides to dialysis at the hospital',
    content:
      'My mother has dialysis three times a week at the hospital and the jeepneys are not running. Looking for a driver with a car.',
    place: 'cebu',
  },
  rideDurban: {
    kind: 'need',
    category: 'Transport',
    title: 'Lift to clinic appointments',
    content: 'My father needs a lift to his clinic appointments at Addington Hospital every Tuesday morning.',
    place: 'durban',
  },
  shelterTacloban: {
    kind: 'need',
    category: 'Shelter',
    title: 'A room for a family of six',
    content: 'Our house was flattened by the typhoon. We need a dry room for six of us for about two weeks.',
    place: 'tacloban',
  },
  shelterMandaue: {
    kind: 'need',
    category: 'Shelter',
    title: 'A room for a displaced family',
    content: 'The flood took our ground floor. A family of four needs a room to sleep in for a week.',
    place: 'mandaue',
  },
  mealsKibera: {
    kind: 'need',
    category: 'Food',
    title: 'Hot meals for the clinic queue',
    content: 'Patients wait all day at the Kibera clinic. We need hot meals for fifty people on Saturdays.',
    place: 'kibera',
  },
  mealsPorto: {
    kind: 'need',
    category: 'Food',
    title: 'Hot meals for night shelter guests',
    content: 'The night shelter has thirty guests at the weekend and no kitchen. Hot meals would mean a lot.',
    place: 'porto',
  },
  insulinTacloban: {
    kind: 'need',
    category: 'Medical supplies',
    title: 'Insulin for my diabetic father',
    content:
      'The pharmacy ran out after the typhoon. My father needs insulin pens and a way to keep them cold.',
    place: 'tacloban',
  },
  insulinPietermaritzburg: {
    kind: 'need',
    category: 'Medical supplies',
    title: 'Insulin for a diabetic child',
    content: 'Our clinic is out of insulin for a nine-year-old on the ward. Pens or vials both help.',
    place: 'pietermaritzburg',
  },
  insulinManila: {
    kind: 'need',
    category: 'Medical supplies',
    title: 'Insulin after the flood',
    content: 'Floodwater ruined the insulin in our fridge. Two of us in the household are diabetic.',
    place: 'manila',
  },
  formulaPorto: {
    kind: 'need',
    category: 'Baby supplies',
    title: 'Infant formula and diapers',
    content: 'Newborn at home and money is short this month. We need infant formula and size 1 diapers.',
    place: 'porto',
  },
  formulaCampinas: {
    kind: 'need',
    category: 'Baby supplies',
    title: 'Formula and diapers for newborn twins',
    content: 'Twins born last week. Any infant formula or newborn diapers would help us through the month.',
    place: 'campinas',
  },
  tagalogLisbon: {
    kind: 'need',
    category: 'Translation',
    title: 'Tagalog translation for clinic leaflets',
    content:
      'Our clinic sees many Filipino workers. We need two leaflets translated from English into Tagalog.',
    place: 'lisbon',
  },
  zuluVoiceNotes: {
    kind: 'want',
    category: 'Translation',
    title: 'isiZulu voice notes for flood alerts',
    content:
      'Older neighbours prefer voice notes in isiZulu. Looking for volunteers who can record short warnings when alerts come. #preparedness',
    place: 'umlazi',
  },
  guidePortuguese: {
    kind: 'need',
    category: 'Translation',
    title: 'Our flood guide translated into Portuguese',
    content:
      'Migrant families in Porto need our eight-page flood guide in Portuguese. It is written in English.',
    place: 'porto',
  },
  interpreterPorto: {
    kind: 'need',
    category: 'Translation',
    title: 'Portuguese interpreter at the clinic',
    content: 'We need an interpreter in person at the clinic on Monday mornings, Portuguese and English.',
    place: 'porto',
  },
  storybooks: {
    kind: 'want',
    category: 'Books',
    title: 'Tagalog storybooks for our reading corner',
    content: 'Children of Filipino families at our centre would love storybooks in Tagalog.',
  },
  logoDurban: {
    kind: 'need',
    category: 'Design',
    title: 'Logo and poster for our food bank',
    content: 'We need a simple logo and a poster for the Pinetown food bank before the winter drive.',
    place: 'durban',
  },
  websiteNairobi: {
    kind: 'need',
    category: 'Web development',
    title: 'A website for our youth clinic',
    content: 'We need a simple website with our opening hours, a map and a contact form.',
    place: 'nairobi',
  },
  surveyCebu: {
    kind: 'need',
    category: 'Research',
    title: 'Analysis of our flood survey',
    content:
      'We surveyed three hundred households after the flood and need someone to analyse the answers in a spreadsheet.',
    place: 'cebu',
  },
  tutorManila: {
    kind: 'want',
    category: 'Education',
    title: 'Maths tutor for my son',
    content: 'My son needs a maths tutor twice a week online before his exams in June.',
    place: 'manila',
  },
  tutorUmlazi: {
    kind: 'want',
    category: 'Education',
    title: 'Maths tutor for matric learners',
    content: 'Two matric learners need help with maths on weekends before their final exams.',
    place: 'umlazi',
  },
  englishLisbon: {
    kind: 'want',
    category: 'Education',
    title: 'English lessons for refugee mothers',
    content: 'Ten mothers at our centre would like weekly English lessons, online in the evenings.',
    place: 'lisbon',
  },
  chainsawCebu: {
    kind: 'need',
    category: 'Tools',
    title: 'Chainsaw to clear fallen trees',
    content: 'Two trees fell across our road. We need a chainsaw and someone who can use it.',
    place: 'cebu',
  },
  chainsawLisbon: {
    kind: 'need',
    category: 'Tools',
    title: 'Chainsaw for storm damage',
    content: 'A pine came down on our garden wall in the storm. Looking for a chainsaw this week.',
    place: 'lisbon',
  },
  waterKibera: {
    kind: 'need',
    category: 'Water',
    title: 'Water filters for our school',
    content: 'The school tap water is not safe to drink. We need filters for four hundred pupils.',
    place: 'kibera',
  },
  waterUmlazi: {
    kind: 'need',
    category: 'Water',
    title: 'Drinking water deliveries for the hall',
    content: 'Our taps have been dry for three days and two hundred people at the hall need drinking water.',
    place: 'umlazi',
  },
  nursesTacloban: {
    kind: 'need',
    category: 'Medical',
    title: 'Nurses for the evacuation centre',
    content: 'Four hundred people at the evacuation centre and no one to dress wounds or check blood sugar.',
    place: 'tacloban',
  },
  bloodCebu: {
    kind: 'need',
    category: 'Medical',
    title: 'Blood donors, type O negative',
    content: 'My brother has surgery tomorrow and the hospital asks for O negative blood donors.',
    place: 'cebu',
  },
  roofTacloban: {
    kind: 'need',
    category: 'Construction',
    title: 'Roof sheets after the typhoon',
    content: 'The wind took half of our roof. We need corrugated sheets and nails before the next rain.',
    place: 'tacloban',
  },
  sleepingBags: {
    kind: 'need',
    category: 'Equipment',
    title: 'Sleeping bags for our volunteers',
    content: 'Our clean-up volunteers sleep on the hall floor. Sleeping bags or thick blankets would help.',
  },
  cookingGasTacloban: {
    kind: 'need',
    category: 'Energy',
    title: 'Cooking gas for the Tacloban kitchen',
    content: 'The community kitchen has run out of LPG. We cook for two hundred people a day.',
  },
  wheelchairCebu: {
    kind: 'need',
    category: 'Mobility',
    title: 'Wheelchair for my grandmother',
    content:
      'My grandmother broke her hip and cannot walk to the clinic. A wheelchair for a few months would help.',
    place: 'cebu',
  },
  talkUmlazi: {
    kind: 'want',
    category: 'Counselling',
    title: 'Someone to talk to after the flood',
    content: 'I lost my home and cannot sleep. I would like to talk to someone, online or by phone.',
    place: 'umlazi',
  },
  swahiliInterpreter: {
    kind: 'need',
    category: 'Translation',
    title: 'Swahili interpreter for a health workshop',
    content: 'We need an interpreter in person for a health workshop in Kibera on Thursday afternoon.',
    place: 'nairobi',
  },
  consentFormCebu: {
    kind: 'need',
    category: 'Translation',
    title: 'Translation of a consent form',
    content: 'Our clinic needs its one-page consent form translated from English into Cebuano.',
    place: 'cebu',
  },
  tentsDurban: {
    kind: 'need',
    category: 'Shelter',
    title: 'Tents for evacuees',
    content: 'Forty families are sleeping in the open next to the school. Tents of any size would help.',
    place: 'durban',
  },
  tentsLisbon: {
    kind: 'need',
    category: 'Equipment',
    title: 'Tents for the beach clean-up crew',
    content: 'Our volunteers camp for three nights during the coastal clean-up. We need four tents.',
    place: 'lisbon',
  },
  hearingAidDurban: {
    kind: 'need',
    category: 'Medical supplies',
    title: 'Batteries for hearing aids',
    content: 'Several older residents at the shelter have hearing aids with flat batteries, size 312.',
    place: 'durban',
  },
  packersDurban: {
    kind: 'need',
    category: 'Volunteers',
    title: 'Volunteers to pack food parcels',
    content: 'Three hundred parcels to pack on Saturday morning at the Durban food bank.',
    place: 'durban',
  },
  bankAdvice: {
    kind: 'need',
    category: 'Advice',
    title: 'Bank account for our group',
    content: 'Our residents association needs advice on opening a bank account for donations.',
  },
  generatorRepairUmlazi: {
    kind: 'need',
    category: 'Repairs',
    title: 'Someone to repair our generator',
    content: 'The clinic generator will not start since the flood. We need someone who can repair it.',
    place: 'umlazi',
  },
};

/** Offers (provisions), by key. */
export const fixtureOffers: Record<string, FixturePost> = {
  generatorMandaue: {
    kind: 'provision',
    category: 'Energy',
    title: 'Generator to lend in Mandaue',
    content: 'Portable 5 kVA generator with fuel for two days. I can bring it across the bridge.',
    place: 'mandaue',
  },
  generatorDurban: {
    kind: 'provision',
    category: 'Energy',
    title: 'Petrol generator to lend',
    content:
      'Our petrol generator is free to borrow for a week. Collect it from the church in Durban Central.',
    place: 'durban',
  },
  solarLapuLapu: {
    kind: 'provision',
    category: 'Energy',
    title: 'Solar lamps for families',
    content: 'Twenty solar lamps with phone chargers to give to families without power.',
    place: 'lapuLapu',
  },
  vanLapuLapu: {
    kind: 'provision',
    category: 'Transport',
    title: 'Van and driver for hospital trips',
    content: 'I drive a van and can take patients to hospital appointments on weekdays.',
    place: 'lapuLapu',
  },
  vanPietermaritzburg: {
    kind: 'provision',
    category: 'Transport',
    title: 'Van and driver for hospital trips',
    content: 'I drive a van and can take patients to hospital appointments on weekdays.',
    place: 'pietermaritzburg',
  },
  bakkieUmlazi: {
    kind: 'provision',
    category: 'Transport',
    title: 'Bakkie and driver for clinic runs',
    content: 'I have a bakkie and free mornings. Happy to drive people to clinic or hospital appointments.',
    place: 'umlazi',
  },
  roomTacloban: {
    kind: 'provision',
    category: 'Shelter',
    title: 'Spare room for a displaced family',
    content: 'We have a spare room with two beds and a mattress for a family who lost their home.',
    place: 'tacloban',
  },
  roomCebu: {
    kind: 'provision',
    category: 'Shelter',
    title: 'Spare room for a displaced family',
    content: 'We have a spare room with two beds and a mattress for a family who lost their home.',
    place: 'cebu',
  },
  mealsNairobi: {
    kind: 'provision',
    category: 'Food',
    title: 'Hot meals every Saturday',
    content: 'Our kitchen cooks eighty hot meals every Saturday and can deliver anywhere in Nairobi.',
    place: 'nairobi',
  },
  mealsLisbon: {
    kind: 'provision',
    category: 'Food',
    title: 'Hot meals every Saturday',
    content: 'Our kitchen cooks eighty hot meals every Saturday for anyone who needs one.',
    place: 'lisbon',
  },
  soupPorto: {
    kind: 'provision',
    category: 'Food',
    title: 'Soup kitchen meals to share',
    content: 'We cook soup and hot meals every evening and have portions left for a shelter nearby.',
    place: 'porto',
  },
  insulinCebu: {
    kind: 'provision',
    category: 'Medical supplies',
    title: 'Insulin pens and cold packs',
    content: 'Spare insulin pens from our clinic stock, with cold packs to keep them cool on the way.',
    place: 'cebu',
  },
  insulinDurban: {
    kind: 'provision',
    category: 'Medical supplies',
    title: 'Insulin pens to donate',
    content: 'Unopened insulin pens from a relative who no longer needs them, in date.',
    place: 'durban',
  },
  formulaLisbon: {
    kind: 'provision',
    category: 'Baby supplies',
    title: 'Diapers and formula to give away',
    content: 'Unopened packs of newborn diapers and three tins of infant formula.',
    place: 'lisbon',
  },
  formulaSaoPaulo: {
    kind: 'provision',
    category: 'Baby supplies',
    title: 'Diapers and formula to give away',
    content: 'Unopened packs of newborn diapers and three tins of infant formula.',
    place: 'saoPaulo',
  },
  tagalogTranslator: {
    kind: 'provision',
    category: 'Translation',
    title: 'Tagalog translator offering help',
    content:
      'I translate documents from English into Tagalog and Cebuano in the evenings, free for community groups.',
    place: 'cebu',
  },
  zuluRecordings: {
    kind: 'provision',
    category: 'Translation',
    title: 'isiZulu voice recordings',
    content: 'I record voice notes and announcements in isiZulu for community groups and schools.',
    place: 'durban',
  },
  portugueseTranslator: {
    kind: 'provision',
    category: 'Translation',
    title: 'Portuguese translation for NGOs',
    content: 'I translate English documents into Portuguese for small NGOs, working remotely.',
    place: 'saoPaulo',
  },
  storybooksManila: {
    kind: 'provision',
    category: 'Books',
    title: "Children's storybooks in Tagalog",
    content: 'Two boxes of picture storybooks in Tagalog to give to a school or a reading corner.',
    place: 'manila',
  },
  designLisbon: {
    kind: 'provision',
    category: 'Design',
    title: 'Graphic design for nonprofits',
    content: 'Designer offering logos and posters for community groups, free, working remotely.',
    place: 'lisbon',
  },
  websitesPorto: {
    kind: 'provision',
    category: 'Web development',
    title: 'Websites for small charities',
    content: 'Developer building simple websites for charities and clinics at no cost.',
    place: 'porto',
  },
  statisticsNairobi: {
    kind: 'provision',
    category: 'Research',
    title: 'Survey analysis for community groups',
    content: 'Statistician offering survey analysis and charts for grassroots groups, remotely.',
    place: 'nairobi',
  },
  tutorPorto: {
    kind: 'provision',
    category: 'Education',
    title: 'Online maths tutoring',
    content: 'Retired teacher offering maths tutoring online in the evenings, any time zone.',
    place: 'porto',
  },
  tutorDurban: {
    kind: 'provision',
    category: 'Education',
    title: 'Maths tutoring at the library',
    content: 'I tutor maths in person at the Umlazi library on Saturdays, grades 10 to 12.',
    place: 'durban',
  },
  englishNairobi: {
    kind: 'provision',
    category: 'Education',
    title: 'English conversation lessons',
    content: 'I teach English conversation to adults online, two evenings a week.',
    place: 'nairobi',
  },
  chainsawMandaue: {
    kind: 'provision',
    category: 'Tools',
    title: 'Chainsaw and operator',
    content: 'I have a chainsaw and ten years of experience clearing trees after storms.',
    place: 'mandaue',
  },
  chainsawPorto: {
    kind: 'provision',
    category: 'Tools',
    title: 'Chainsaw to lend',
    content: 'A chainsaw with a spare chain, to lend for storm clean-up.',
    place: 'porto',
  },
  laddersLapuLapu: {
    kind: 'provision',
    category: 'Tools',
    title: 'Ladders and tarpaulins to lend',
    content: 'Two long ladders and a stack of tarpaulins for patching roofs.',
    place: 'lapuLapu',
  },
  filtersNairobi: {
    kind: 'provision',
    category: 'Water',
    title: 'Water filters to give away',
    content: 'Twelve ceramic filters and boxes of purification tablets for a school or a clinic.',
    place: 'nairobi',
  },
  tankerDurban: {
    kind: 'provision',
    category: 'Water',
    title: 'Water tanker deliveries',
    content: 'Our tanker delivers drinking water to halls and shelters across Durban, free this month.',
    place: 'durban',
  },
  nursesManila: {
    kind: 'provision',
    category: 'Medical',
    title: 'Volunteer nurses',
    content: 'Three registered nurses can staff first aid at an evacuation centre on weekends.',
    place: 'manila',
  },
  nursesTacloban: {
    kind: 'provision',
    category: 'Medical',
    title: 'Nurses for first aid',
    content: 'Three registered nurses from the district hospital can staff an evacuation centre.',
    place: 'tacloban',
  },
  bloodPressureCebu: {
    kind: 'provision',
    category: 'Health',
    title: 'Blood pressure checks',
    content: 'Free blood pressure and sugar checks at the parish hall every Sunday.',
    place: 'cebu',
  },
  sewingLisbon: {
    kind: 'provision',
    category: 'Equipment',
    title: 'Sewing machines to lend',
    content: 'Two sewing machines free to borrow for a workshop or a repair café.',
    place: 'lisbon',
  },
  sleepingBagsDurban: {
    kind: 'provision',
    category: 'Equipment',
    title: 'Sleeping bags to lend',
    content: 'Fifteen sleeping bags from our scout troop, to lend to volunteers or families.',
    place: 'durban',
  },
  chargingTacloban: {
    kind: 'provision',
    category: 'Energy',
    title: 'Phone charging station in Tacloban',
    content: 'Our solar panels charge phones for free at the parish, every day until dark.',
  },
  wheelchairsMandaue: {
    kind: 'provision',
    category: 'Medical equipment',
    title: 'Wheelchairs and crutches to lend',
    content: 'Two wheelchairs and four pairs of crutches to lend for as long as needed.',
    place: 'mandaue',
  },
  counsellingLisbon: {
    kind: 'provision',
    category: 'Counselling',
    title: 'Trauma counselling by video call',
    content:
      'Trained counsellor offering free trauma counselling by video call, for anyone who needs to talk after a disaster.',
    place: 'lisbon',
  },
  swahiliKibera: {
    kind: 'provision',
    category: 'Translation',
    title: 'Swahili and English interpreting',
    content: 'I interpret between Swahili and English at meetings and clinics around Nairobi.',
    place: 'kibera',
  },
  tentsPorto: {
    kind: 'provision',
    category: 'Equipment',
    title: 'Tents to donate',
    content: 'Six family tents in good condition, from our camping club.',
    place: 'porto',
  },
  youthUmlazi: {
    kind: 'provision',
    category: 'Volunteers',
    title: 'Youth group free on Saturdays',
    content: 'Twelve teenagers from our church want to help on Saturdays: packing, cleaning, carrying.',
    place: 'umlazi',
  },
  foodBankDurban: {
    kind: 'provision',
    category: 'Food',
    title: 'Food bank open for families',
    content: 'The food bank hands out maize meal, beans and oil every weekday morning.',
    place: 'durban',
  },
  engineRepairsDurban: {
    kind: 'provision',
    category: 'Repairs',
    title: 'Small engine repairs',
    content: 'Retired mechanic. I repair generators, pumps and lawnmowers for free for community groups.',
    place: 'durban',
  },
};

/** The pairs a reader would call matches, [need, offer]; every other need–offer pair is not one. */
export const fixtureMatches: ReadonlyArray<readonly [keyof typeof fixtureNeeds, keyof typeof fixtureOffers]> =
  [
    ['generatorCebu', 'generatorMandaue'],
    ['generatorUmlazi', 'generatorDurban'],
    ['rideCebu', 'vanLapuLapu'],
    ['rideDurban', 'bakkieUmlazi'],
    ['shelterTacloban', 'roomTacloban'],
    ['shelterMandaue', 'roomCebu'],
    ['mealsKibera', 'mealsNairobi'],
    ['mealsPorto', 'soupPorto'],
    ['insulinTacloban', 'insulinCebu'],
    ['insulinPietermaritzburg', 'insulinDurban'],
    ['formulaPorto', 'formulaLisbon'],
    ['formulaCampinas', 'formulaSaoPaulo'],
    ['tagalogLisbon', 'tagalogTranslator'],
    ['zuluVoiceNotes', 'zuluRecordings'],
    ['guidePortuguese', 'portugueseTranslator'],
    ['storybooks', 'storybooksManila'],
    ['logoDurban', 'designLisbon'],
    ['websiteNairobi', 'websitesPorto'],
    ['surveyCebu', 'statisticsNairobi'],
    ['tutorManila', 'tutorPorto'],
    ['tutorUmlazi', 'tutorDurban'],
    ['englishLisbon', 'englishNairobi'],
    ['chainsawCebu', 'chainsawMandaue'],
    ['waterKibera', 'filtersNairobi'],
    ['waterUmlazi', 'tankerDurban'],
    ['nursesTacloban', 'nursesTacloban'],
    ['sleepingBags', 'sleepingBagsDurban'],
    ['wheelchairCebu', 'wheelchairsMandaue'],
    ['talkUmlazi', 'counsellingLisbon'],
    ['swahiliInterpreter', 'swahiliKibera'],
    ['consentFormCebu', 'tagalogTranslator'],
    ['tentsLisbon', 'tentsPorto'],
    ['packersDurban', 'youthUmlazi'],
    ['generatorRepairUmlazi', 'engineRepairsDurban'],
  ];
