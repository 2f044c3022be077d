import sharp from 'sharp';
import type { DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

type DemoRequest = { by: string; category: string; title: string; description: string; deadlineDays: number | null; location: string; hues: [number, number] };

const requests: DemoRequest[] = [
  { by: 'ada_okafor', category: 'emergency', title: 'Drivers with 4x4s for flood supply runs', description: 'The Ogun river burst its banks. We have 3 tonnes of food and water at our Ikeja depot and need drivers with high-clearance vehicles for the next two weeks. Fuel is covered.', deadlineDays: 5, location: 'Lagos, Nigeria', hues: [200, 220] },
  { by: 'yuki_tanaka', category: 'emergency', title: 'Translators for earthquake go-bag workshops', description: 'We run preparedness workshops for migrant families. Looking for volunteers who speak Tagalog, Vietnamese or Portuguese for four Saturday sessions.', deadlineDays: 21, location: 'Sendai, Japan', hues: [10, 30] },
  { by: 'grace_mensah', category: 'healthcare', title: 'Volunteer nurses for a mobile clinic week', description: 'Our mobile clinic visits 12 villages in the Volta region in March. We need two registered nurses and one pharmacist. Accommodation provided.', deadlineDays: 40, location: 'Ho, Ghana', hues: [330, 350] },
  { by: 'omar_haddad', category: 'healthcare', title: 'First-aid trainers for school programme', description: 'Help us teach CPR and bleeding control to 600 secondary students. Training materials and dummies provided; you bring patience.', deadlineDays: 30, location: 'Amman, Jordan', hues: [0, 20] },
  { by: 'diego_alvarez', category: 'creative', title: 'Sound designer for a coastal documentary', description: 'Feature documentary about fishing towns on the Pacific coast. Two weeks of field recording, then remote post-production. Credit and a share of festival prizes.', deadlineDays: 60, location: 'Valparaíso, Chile', hues: [30, 50] },
  { by: 'tomas_novak', category: 'creative', title: 'Filmmakers who need an original score', description: 'Composer with an orchestra sample library and a free month. Send me your rough cut: documentaries about people doing good get priority.', deadlineDays: null, location: 'Remote', hues: [260, 280] },
  { by: 'sofia_rossi', category: 'creative', title: 'Illustrators for a shelter assembly guide', description: 'Our flat-pack shelter needs a wordless assembly guide anyone can follow. Looking for an illustrator who loves clear diagrams.', deadlineDays: 25, location: 'Milan, Italy / remote', hues: [300, 320] },
  { by: 'mei_chen', category: 'science', title: 'Citizen scientists with boats for a mangrove survey', description: 'We measure mangrove canopy and sediment at 40 sites. If you have a small boat and two free mornings a month, join the survey team.', deadlineDays: 45, location: 'Singapore', hues: [140, 170] },
  { by: 'arjun_mehta', category: 'science', title: 'GIS volunteers to map flood reports', description: 'Turn field reports into an open flood map responders can use. PostGIS or QGIS experience helps; we will pair newcomers with mentors.', deadlineDays: 14, location: 'Remote', hues: [210, 240] },
  { by: 'kwame_asante', category: 'business', title: 'Partner with trucks for solar clinic installs', description: 'We install off-grid solar on rural clinics. Seeking a logistics partner to move panels and batteries on a paid contract across Ashanti.', deadlineDays: 35, location: 'Kumasi, Ghana', hues: [40, 60] },
  { by: 'lena_fischer', category: 'business', title: 'Co-founder for a relief volunteer app', description: 'Designer looking for a technical co-founder to build a scheduling tool for volunteer shifts. Open source, grant-funded for the first year.', deadlineDays: null, location: 'Berlin, Germany', hues: [270, 290] },
  { by: 'yuki_tanaka', category: 'adventure', title: 'Crew for a coastal clean-up kayak trip', description: 'Five days paddling the Sanriku coast, collecting debris from coves only reachable by water. Kayaks provided; you need to swim.', deadlineDays: 50, location: 'Sanriku, Japan', hues: [180, 200] },
  { by: 'omar_haddad', category: 'sports', title: 'Coaches for a refugee youth football league', description: 'Eight teams, Saturday mornings, no experience needed beyond loving the game. Kits are donated; we need adults who show up.', deadlineDays: 20, location: 'Zarqa, Jordan', hues: [100, 130] },
];

/** A soft two-colour landscape, so the demo cards have pictures without shipping photos. */
function bannerSvg([a, b]: [number, number]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${a},70%,78%)"/><stop offset="1" stop-color="hsl(${b},60%,60%)"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#sky)"/>
  <circle cx="930" cy="180" r="80" fill="hsla(45,100%,95%,0.8)"/>
  <path d="M0 470 L260 300 L480 450 L700 260 L1000 470 L1200 380 L1200 675 L0 675 Z" fill="hsl(${b},45%,40%)"/>
  <path d="M0 560 Q300 480 600 560 T1200 540 L1200 675 L0 675 Z" fill="hsl(${b},50%,28%)"/>
</svg>`;
}

export const collaborationSeed: DemoSeed = {
  name: 'collaboration',
  async run({ db, media }) {
    const users = new Map((await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
    for (const [i, r] of requests.entries()) {
      const userId = users.get(r.by);
      if (!userId) continue;
      const png = await sharp(Buffer.from(bannerSvg(r.hues))).png().toBuffer();
      const image = await media.saveImage(`data:image/png;base64,${png.toString('base64')}`, { maxDimension: 1200 });
      const createdAt = new Date(Date.now() - (requests.length - i) * 5 * 3600_000);
      await db
        .insertInto('collaborationRequests')
        .values({
          id: newId(),
          userId,
          category: r.category,
          title: r.title,
          description: r.description,
          deadline: r.deadlineDays === null ? null : new Date(Date.now() + r.deadlineDays * 86_400_000).toISOString().slice(0, 10),
          location: r.location,
          image,
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
    }
  },
};
