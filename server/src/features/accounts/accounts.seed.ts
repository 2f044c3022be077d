import sharp from 'sharp';
import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { newId } from '../../platform/ids.js';

type Person = { username: string; firstName: string; lastName: string; headline: string; bio: string; location: string; hue: number };

export const demoPeople: Person[] = [
  { username: DEMO_LOGIN.username, firstName: 'Dana', lastName: 'Mbeki', headline: 'Community organiser · flood relief volunteer', bio: 'I coordinate neighbourhood volunteers when the river rises, and match spare vans with people who need to move supplies.', location: 'Durban, South Africa', hue: 200 },
  { username: 'ada_okafor', firstName: 'Ada', lastName: 'Okafor', headline: 'Emergency logistics lead at Red Crescent Lagos', bio: 'Fifteen years moving water, food and medicine into places roads forgot. Ask me about cold chains.', location: 'Lagos, Nigeria', hue: 10 },
  { username: 'diego_alvarez', firstName: 'Diego', lastName: 'Álvarez', headline: 'Documentary filmmaker · looking for a sound designer', bio: 'Making a film about the fishing towns of the Pacific coast. Always happy to trade skills.', location: 'Valparaíso, Chile', hue: 35 },
  { username: 'mei_chen', firstName: 'Mei', lastName: 'Chen', headline: 'Climate researcher, coastal resilience', bio: 'I study how mangroves protect coastlines, and I need citizen scientists with boats.', location: 'Singapore', hue: 150 },
  { username: 'omar_haddad', firstName: 'Omar', lastName: 'Haddad', headline: 'Paramedic and first-aid trainer', bio: 'Teaching first aid in schools and running the night shift. I can lend training dummies.', location: 'Amman, Jordan', hue: 0 },
  { username: 'lena_fischer', firstName: 'Lena', lastName: 'Fischer', headline: 'UX designer who volunteers for NGOs', bio: 'I design forms people can actually fill in under stress. Pro bono for relief groups.', location: 'Berlin, Germany', hue: 280 },
  { username: 'kwame_asante', firstName: 'Kwame', lastName: 'Asante', headline: 'Solar engineer · off-grid power for clinics', bio: 'We put panels and batteries on rural clinics. Looking for partners with trucks.', location: 'Kumasi, Ghana', hue: 45 },
  { username: 'sofia_rossi', firstName: 'Sofia', lastName: 'Rossi', headline: 'Architect, emergency shelter design', bio: 'Flat-pack shelters that go up in an hour. Prototypes need testers.', location: 'Milan, Italy', hue: 330 },
  { username: 'arjun_mehta', firstName: 'Arjun', lastName: 'Mehta', headline: 'Data scientist · open data for disaster maps', bio: 'I turn messy field reports into maps responders can use. Python, PostGIS, coffee.', location: 'Pune, India', hue: 220 },
  { username: 'grace_mensah', firstName: 'Grace', lastName: 'Mensah', headline: 'Nurse and community health worker', bio: 'Mobile clinics in the Volta region. We always need gloves, glucose strips and drivers.', location: 'Ho, Ghana', hue: 100 },
  { username: 'tomas_novak', firstName: 'Tomáš', lastName: 'Novák', headline: 'Composer looking for film projects', bio: 'Orchestral and ambient scores. Will score a good documentary for free.', location: 'Prague, Czechia', hue: 260 },
  { username: 'yuki_tanaka', firstName: 'Yuki', lastName: 'Tanaka', headline: 'Earthquake preparedness educator', bio: 'I run drills and build go-bags with families. Looking for translators.', location: 'Sendai, Japan', hue: 170 },
];

/** A simple, friendly avatar: two soft circles on a coloured ground (no text, no fonts needed). */
function avatarSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,42%)"/>
  </linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="128" cy="104" r="46" fill="hsla(0,0%,100%,0.85)"/>
  <ellipse cx="128" cy="232" rx="84" ry="66" fill="hsla(0,0%,100%,0.85)"/>
</svg>`;
}

export const accountsSeed: DemoSeed = {
  name: 'accounts',
  async run({ db, media }) {
    const passwordHash = await hashPassword(DEMO_LOGIN.password);
    for (const [i, p] of demoPeople.entries()) {
      // Rendered to PNG here: the media store itself never accepts SVG.
      const png = await sharp(Buffer.from(avatarSvg(p.hue))).png().toBuffer();
      const picture = await media.saveImage(`data:image/png;base64,${png.toString('base64')}`, { maxDimension: 256 });
      await db
        .insertInto('users')
        .values({
          id: newId(),
          username: p.username,
          firstName: p.firstName,
          lastName: p.lastName,
          headline: p.headline,
          bio: p.bio,
          location: p.location,
          email: `${p.username.replace(/_/g, '.')}@demo.muster.local`,
          emailVerifiedAt: new Date(),
          passwordHash,
          profilePicture: picture,
          createdAt: new Date(Date.now() - (demoPeople.length - i) * 86_400_000 * 7),
        })
        .execute();
    }
  },
};
