import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import {
  COMMENT_BUDGET,
  LIKE_BUDGET,
  POST_BUDGET,
  POST_EDIT_BUDGET,
  SAVE_BUDGET,
} from '../../platform/limits.js';
import { newId } from '../../platform/ids.js';
import { updatePost } from './posts.queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const postCount = async () => (await t.db.selectFrom('posts').select('id').execute()).length;

describe('creating posts', () => {
  it('creates a need with a category, place, review, emergency marker, image and hashtags', async () => {
    const { user, cookie } = await signedInUser(t);
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await api('POST', '/posts/create', cookie, {
      kind: 'need',
      category: 'Transport',
      title: '  Vans for the #FloodRelief run  ',
      content: 'Two vans needed in #Lagos by Saturday 🚨 #floodrelief',
      mapLocation: { address: 'Ikeja, Lagos', coordinates: [3.35, 6.6] },
      review: { rating: 4.5, title: 'My review of the depot' },
      emergencyEmoji: '🚨',
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    const post = res.json().data;
    expect(post).toMatchObject({
      kind: 'need',
      category: 'Transport',
      status: 'open',
      title: 'Vans for the #FloodRelief run',
      emergencyEmoji: '🚨',
      hashtags: ['floodrelief', 'lagos'],
      likeCount: 0,
      likedByMe: false,
      author: { _id: user.id },
      review: { rating: 4.5, title: 'My review of the depot' },
      mapLocation: { address: 'Ikeja, Lagos', coordinates: [3.35, 6.6] },
    });
    expect(post.image).toMatch(/^\/media\/.+\.webp$/);
  });

  it('creates a hunt', async () => {
    const { cookie } = await signedInUser(t);
    const res = await api('POST', '/posts/create-hunt', cookie, {
      huntType: 'service',
      title: 'A sign-language interpreter',
      description: 'For a town hall #access',
      location: 'Accra',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'hunt',
      huntType: 'service',
      title: 'A sign-language interpreter',
      hashtags: ['access'],
      mapLocation: { address: 'Accra' },
    });
  });

  it.each([
    ['empty content', '/posts/create', { content: '   ' }, 'content', 'Write something to share'],
    [
      'a need without a category',
      '/posts/create',
      { kind: 'need', content: 'Help' },
      'category',
      'Choose a category',
    ],
    [
      'a rating off the half steps',
      '/posts/create',
      { content: 'x', review: { rating: 4.3, title: 't' } },
      'review.rating',
      'Rating goes in half steps',
    ],
    [
      'a rating above 5',
      '/posts/create',
      { content: 'x', review: { rating: 5.5, title: 't' } },
      'review.rating',
      'Rating is from 0 to 5',
    ],
    [
      'an unknown emergency marker',
      '/posts/create',
      { content: 'x', emergencyEmoji: '🙂' },
      'emergencyEmoji',
      undefined,
    ],
    [
      'a hunt without a type',
      '/posts/create-hunt',
      { title: 'Boots' },
      'huntType',
      'Please select Product or Service',
    ],
    [
      'a hunt without a title',
      '/posts/create-hunt',
      { huntType: 'product', title: ' ' },
      'title',
      'Hunt title is required',
    ],
  ])('refuses %s with 400 and writes nothing', async (_l, url, payload, path, message) => {
    const { cookie } = await signedInUser(t);
    const before = await postCount();
    const res = await api('POST', url, cookie, payload);
    expect(res.statusCode).toBe(400);
    const detail = res.json().details.find((d: { path: string }) => d.path === path);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect(await postCount()).toBe(before);
  });

  it('refuses a file that is not an image, storing nothing', async () => {
    const { cookie } = await signedInUser(t);
    const before = await postCount();
    const res = await api('POST', '/posts/create', cookie, {
      content: 'x',
      image: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload a valid image or video file');
    expect(await postCount()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await api('POST', '/posts/create', undefined, { content: 'x' })).statusCode).toBe(401);
    expect((await api('GET', '/posts/feed')).statusCode).toBe(401);
  });
});

describe('the feed', () => {
  it('pages newest first and hides people who block me, or whom I block', async () => {
    const me = await signedInUser(t);
    const friend = await signedInUser(t);
    const blocker = await signedInUser(t);
    await api('POST', '/posts/create', blocker.cookie, { content: 'you should not see this' });
    for (let i = 0; i < 3; i++)
      await api('POST', '/posts/create', friend.cookie, { content: `feed post ${i}` });
    await t.db.insertInto('blocks').values({ blockerId: blocker.user.id, blockedId: me.user.id }).execute();

    const first = (await api('GET', '/posts/feed?limit=2', me.cookie)).json();
    expect(first.data.map((p: { content: string }) => p.content)).toEqual(['feed post 2', 'feed post 1']);
    const second = (
      await api('GET', `/posts/feed?limit=2&cursor=${first.meta.nextCursor}`, me.cookie)
    ).json();
    // Later pages are read per viewer: still no one hidden by a block.
    const secondContents = second.data.map((p: { content: string }) => p.content);
    expect(secondContents[0]).toBe('feed post 0');
    expect(secondContents).not.toContain('you should not see this'); // it would come next
    // The newest page is shared between viewers, but what each one did to it is their own.
    await api('POST', `/posts/${first.data[0]._id}/like`, me.cookie);
    const likedBy = async (cookie: string) =>
      (await api('GET', '/posts/feed?limit=2', cookie)).json().data[0].likedByMe;
    expect([await likedBy(me.cookie), await likedBy(friend.cookie)]).toEqual([true, false]);
    const everything = (await api('GET', '/posts/feed?limit=100', me.cookie))
      .json()
      .data.map((p: { content: string }) => p.content);
    expect(everything).not.toContain('you should not see this');
    const hidden = (await api('GET', '/posts/feed?limit=100', blocker.cookie)).json().data;
    expect(hidden.some((p: { author: { _id: string } }) => p.author._id === me.user.id)).toBe(false);
  });

  it('stamps posts to the millisecond, so a cursor (which holds milliseconds) never skips a neighbour', async () => {
    const { cookie } = await signedInUser(t);
    const created = (await api('POST', '/posts/create', cookie, { content: 'stamped' })).json().data;
    const { rows } = await sql<{
      micros: number;
    }>`select extract(microseconds from created_at)::int % 1000 as micros from posts where id = ${created._id}`.execute(
      t.db,
    );
    expect(rows[0]!.micros).toBe(0);
  });

  it('filters by kind, so /hunt can list hunts', async () => {
    const { cookie } = await signedInUser(t);
    await api('POST', '/posts/create-hunt', cookie, { huntType: 'product', title: 'Water filters, bulk' });
    const hunts = (await api('GET', '/posts/feed?kind=hunt', cookie)).json().data;
    expect(hunts.length).toBeGreaterThan(0);
    expect(hunts.every((p: { kind: string }) => p.kind === 'hunt')).toBe(true);
    expect((await api('GET', '/posts/feed?kind=gossip', cookie)).statusCode).toBe(400);
  });

  it('lists a person’s posts for their profile', async () => {
    const author = await signedInUser(t);
    const reader = await signedInUser(t);
    await api('POST', '/posts/create', author.cookie, { content: 'mine, on my profile' });
    const res = await api('GET', `/posts/user/${author.user.username}`, reader.cookie);
    expect(res.json().data.map((p: { content: string }) => p.content)).toEqual(['mine, on my profile']);
    expect((await api('GET', '/posts/user/nobody_here', reader.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/posts/user/${author.user.username}`)).statusCode).toBe(401);
  });

  it('lists the posts of a hashtag', async () => {
    const { cookie } = await signedInUser(t);
    await api('POST', '/posts/create', cookie, { content: 'Sandbags at the school #riverwatch' });
    const res = await api('GET', '/posts/hashtag/RiverWatch', cookie);
    expect(res.json().data.map((p: { content: string }) => p.content)).toContain(
      'Sandbags at the school #riverwatch',
    );
    expect((await api('GET', '/posts/hashtag/not a tag', cookie)).statusCode).toBe(400);
  });
});

describe('one post: read, edit, delete', () => {
  it('lets the author edit and close a need; another user gets 403 and nothing changes', async () => {
    const author = await signedInUser(t);
    const other = await signedInUser(t);
    const id = (
      await api('POST', '/posts/create', author.cookie, {
        kind: 'want',
        category: 'Shelter',
        content: 'Tents #camp',
      })
    ).json().data._id;
    expect((await api('PATCH', `/posts/${id}`, other.cookie, { content: 'hijacked' })).statusCode).toBe(403);
    expect((await api('PATCH', `/posts/${id}`, undefined, { content: 'hijacked' })).statusCode).toBe(401);
    expect((await api('PATCH', `/posts/${id}`, author.cookie, { status: 'closed' })).statusCode).toBe(400);
    expect((await api('GET', `/posts/${id}`, other.cookie)).json().data.content).toBe('Tents #camp');

    const edited = await api('PATCH', `/posts/${id}`, author.cookie, {
      content: 'Tents, thank you all #camp #done',
      status: 'fulfilled',
    });
    expect(edited.json().data).toMatchObject({ status: 'fulfilled', hashtags: ['camp', 'done'] });
  });

  it('lets the author delete; another user gets 403 and it stays', async () => {
    const author = await signedInUser(t);
    const other = await signedInUser(t);
    const id = (await api('POST', '/posts/create', author.cookie, { content: 'bye' })).json().data._id;
    expect((await api('DELETE', `/posts/${id}`, other.cookie)).statusCode).toBe(403);
    expect((await api('GET', `/posts/${id}`, author.cookie)).statusCode).toBe(200);
    expect((await api('DELETE', `/posts/${id}`, author.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/posts/${id}`, author.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/posts/not-an-id', author.cookie)).statusCode).toBe(400);
  });
});

describe('likes and saves', () => {
  it('likes once, notifies the author (never oneself), and unlikes', async () => {
    const author = await signedInUser(t);
    const fan = await signedInUser(t, { firstName: 'Fan' });
    const id = (await api('POST', '/posts/create', author.cookie, { content: 'like me' })).json().data._id;
    expect((await api('POST', `/posts/${id}/like`, fan.cookie)).json().data).toMatchObject({
      likeCount: 1,
      likedByMe: true,
    });
    expect((await api('POST', `/posts/${id}/like`, fan.cookie)).json().data.likeCount).toBe(1);
    await api('POST', `/posts/${id}/like`, author.cookie);
    const notes = (await api('GET', '/notifications', author.cookie))
      .json()
      .data.filter((n: { type: string }) => n.type === 'like');
    expect(notes).toEqual([
      expect.objectContaining({
        sender: expect.objectContaining({ firstName: 'Fan' }),
        relatedPost: expect.objectContaining({ _id: id }),
      }),
    ]);
    expect((await api('DELETE', `/posts/${id}/like`, fan.cookie)).json().data).toMatchObject({
      likeCount: 1,
      likedByMe: false,
    });
    expect((await api('POST', `/posts/${id}/like`)).statusCode).toBe(401);
  });

  it('saves and unsaves; /posts/saved lists what I saved', async () => {
    const author = await signedInUser(t);
    const me = await signedInUser(t);
    const id = (await api('POST', '/posts/create', author.cookie, { content: 'keep this' })).json().data._id;
    expect((await api('POST', `/posts/${id}/save`, me.cookie)).json().data.savedByMe).toBe(true);
    expect(
      (await api('GET', '/posts/saved', me.cookie)).json().data.map((p: { _id: string }) => p._id),
    ).toEqual([id]);
    expect((await api('DELETE', `/posts/${id}/save`, me.cookie)).json().data.savedByMe).toBe(false);
    expect((await api('GET', '/posts/saved', me.cookie)).json().data).toEqual([]);
  });
});

describe('videos and documents', () => {
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(128)]);
  const dataUrl = (type: string, b: Buffer) => `data:${type};base64,${b.toString('base64')}`;

  it('attaches a video and a document; the document is served as a download', async () => {
    const { cookie } = await signedInUser(t);
    const res = await api('POST', '/posts/create', cookie, {
      content: 'Route video and the plan',
      video: dataUrl('video/mp4', mp4),
      file: dataUrl('application/pdf', pdf),
      fileName: 'route-plan.pdf',
    });
    expect(res.statusCode).toBe(200);
    const post = res.json().data;
    expect(post.video).toMatch(/^\/media\/.+\.mp4$/);
    expect(post.file).toEqual({ url: expect.stringMatching(/^\/media\/.+\.pdf$/), name: 'route-plan.pdf' });
    const doc = await t.app.inject({ method: 'GET', url: post.file.url });
    expect(doc.headers['content-disposition']).toBe('attachment');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    [
      'a document over 10 MB',
      {
        file: dataUrl(
          'application/pdf',
          Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]),
        ),
      },
      413,
      'File size must be less than 10MB',
    ],
    [
      'an executable posing as a PDF',
      { file: dataUrl('application/pdf', Buffer.from('MZ\x90\x00 not a pdf')) },
      400,
      'Attach a PDF, DOC or DOCX file',
    ],
    [
      'HTML posing as a video',
      { video: dataUrl('video/mp4', Buffer.from('<html><script>alert(1)</script>')) },
      400,
      'Please upload a valid image or video file',
    ],
  ])(
    'refuses %s and keeps nothing, not even a picture sent with it',
    async (_l, attachment, status, message) => {
      const { cookie } = await signedInUser(t);
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const before = await postCount();
      const fs = await import('node:fs/promises');
      const path = await import('node:path');
      const dir = path.join(t.config.dataDir, 'media');
      const filesBefore = await fs.readdir(dir).catch(() => []);
      const withPicture = 'video' in attachment ? {} : { image: dataUrl('image/png', png) };
      const res = await api('POST', '/posts/create', cookie, { content: 'x', ...withPicture, ...attachment });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await postCount()).toBe(before);
      expect((await fs.readdir(dir).catch(() => [])).sort()).toEqual(filesBefore.sort());
    },
  );
});

/** Each post's counts as stored, beside the likes and comments really there. */
async function countsOf(postIds: string[]) {
  const { rows } = await sql<{
    id: string;
    likeCount: number;
    likes: number;
    commentCount: number;
    comments: number;
  }>`
    select p.id, p.like_count as "likeCount", (select count(*)::int from post_likes l where l.post_id = p.id) as likes,
           p.comment_count as "commentCount", (select count(*)::int from comments c where c.post_id = p.id) as comments
    from posts p where p.id = any(${postIds}::uuid[]) order by p.id`.execute(t.db);
  return rows;
}

describe('likes and comments counted by the database (issue 11, 7b)', () => {
  it('stay true when someone who liked, commented and was replied to deletes their account', async () => {
    const author = await signedInUser(t);
    const other = await signedInUser(t);
    const leaver = await signedInUser(t);
    const create = async (cookie: string, content: string) =>
      (await api('POST', '/posts/create', cookie, { content })).json().data._id as string;
    const comment = async (cookie: string, postId: string, content: string, parentId?: string) =>
      (
        await api('POST', `/posts/${postId}/comments`, cookie, { content, ...(parentId ? { parentId } : {}) })
      ).json().data._id as string;

    const first = await create(author.cookie, 'Sandbags for the river road');
    const second = await create(author.cookie, 'Blankets for the shelter');
    const theirs = await create(leaver.cookie, 'I can drive on Sunday');
    for (const [cookie, postId] of [
      [leaver.cookie, first],
      [leaver.cookie, second],
      [other.cookie, first],
      [other.cookie, theirs],
    ] as const)
      expect((await api('POST', `/posts/${postId}/like`, cookie)).statusCode).toBe(200);
    // On the first post: the leaver's comment with a reply by someone else under it, and the author's own.
    const leaversComment = await comment(leaver.cookie, first, 'I have twenty bags');
    await comment(other.cookie, first, 'I can bring ten more', leaversComment);
    await comment(author.cookie, first, 'Thank you both');
    // On the second: someone else's comment with the leaver's reply under it.
    const othersComment = await comment(other.cookie, second, 'Wool or fleece?');
    await comment(leaver.cookie, second, 'Fleece, please', othersComment);
    await comment(other.cookie, theirs, 'See you there');
    expect((await api('GET', `/posts/${first}`, author.cookie)).json().data).toMatchObject({
      likeCount: 2,
      commentCount: 3,
    });

    const gone = await api('DELETE', '/users/me', leaver.cookie, {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(gone.statusCode).toBe(200);

    expect((await api('GET', `/posts/${first}`, author.cookie)).json().data).toMatchObject({
      likeCount: 1,
      commentCount: 1,
    });
    expect((await api('GET', `/posts/${second}`, author.cookie)).json().data).toMatchObject({
      likeCount: 0,
      commentCount: 1,
    });
    expect((await api('GET', `/posts/${theirs}`, author.cookie)).statusCode).toBe(404);
    for (const row of await countsOf([first, second])) {
      expect(row.likeCount).toBe(row.likes);
      expect(row.commentCount).toBe(row.comments);
    }
  });

  it('end true after likes and unlikes sent all at once, twice over', async () => {
    const author = await signedInUser(t);
    const postId = (
      await api('POST', '/posts/create', author.cookie, { content: 'Who is in for Saturday?' })
    ).json().data._id;
    const people = await Promise.all(Array.from({ length: 12 }, () => signedInUser(t)));
    // Everyone likes twice at once; every second person also takes it back, twice at once.
    await Promise.all(
      people.map(async ({ cookie }, i) => {
        await Promise.all([
          api('POST', `/posts/${postId}/like`, cookie),
          api('POST', `/posts/${postId}/like`, cookie),
        ]);
        if (i % 2)
          await Promise.all([
            api('DELETE', `/posts/${postId}/like`, cookie),
            api('DELETE', `/posts/${postId}/like`, cookie),
          ]);
      }),
    );
    const [row] = await countsOf([postId]);
    expect(row).toMatchObject({ likes: 6, likeCount: 6 });
    expect((await api('GET', `/posts/${postId}`, author.cookie)).json().data.likeCount).toBe(6);
  });

  it('leave a post’s JSON alone: a like does not render the post again', async () => {
    const author = await signedInUser(t);
    const fan = await signedInUser(t);
    const postId = (await api('POST', '/posts/create', author.cookie, { content: 'Rendered once' })).json()
      .data._id;
    const rendered = async () =>
      await t.db
        .selectFrom('posts')
        .select(['rendered', 'updatedAt'])
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
    const before = await rendered();
    await api('POST', `/posts/${postId}/like`, fan.cookie);
    await api('POST', `/posts/${postId}/comments`, fan.cookie, { content: 'Nice' });
    expect(await rendered()).toEqual(before);
  });
});

describe('writes that touch several tables are all or nothing (issue 11, 7c)', () => {
  /** Runs `work` while a test-only trigger makes `event` on `table` fail: the failure part-way. */
  async function failingOn<T>(table: string, event: string, work: () => Promise<T>): Promise<T> {
    await sql`create or replace function provoked_failure() returns trigger language plpgsql as $$
      begin raise exception 'provoked failure'; end $$`.execute(t.db);
    await sql
      .raw(
        `create trigger provoked_failure after ${event} on ${table} for each row execute function provoked_failure()`,
      )
      .execute(t.db);
    try {
      return await work();
    } finally {
      await sql.raw(`drop trigger provoked_failure on ${table}`).execute(t.db);
    }
  }
  const likesOf = async (postId: string) =>
    (await t.db.selectFrom('postLikes').select('userId').where('postId', '=', postId).execute()).length;
  const commentsOn = async (postId: string) =>
    (await t.db.selectFrom('comments').select('id').where('postId', '=', postId).execute()).length;

  it('a like or an unlike whose count cannot move is not written', async () => {
    const author = await signedInUser(t);
    const fan = await signedInUser(t);
    const postId = (await api('POST', '/posts/create', author.cookie, { content: 'Count me' })).json().data
      ._id;
    const refused = await failingOn('posts', 'update of like_count', () =>
      api('POST', `/posts/${postId}/like`, fan.cookie),
    );
    expect(refused.statusCode).toBe(500);
    expect(await likesOf(postId)).toBe(0);

    expect((await api('POST', `/posts/${postId}/like`, fan.cookie)).json().data.likeCount).toBe(1);
    const kept = await failingOn('posts', 'update of like_count', () =>
      api('DELETE', `/posts/${postId}/like`, fan.cookie),
    );
    expect(kept.statusCode).toBe(500);
    expect(await likesOf(postId)).toBe(1);
    expect((await countsOf([postId]))[0]).toMatchObject({ likes: 1, likeCount: 1 });
  });

  it('a comment, or a comment removed with its replies, whose count cannot move is not written', async () => {
    const author = await signedInUser(t);
    const fan = await signedInUser(t);
    const postId = (await api('POST', '/posts/create', author.cookie, { content: 'Talk to me' })).json().data
      ._id;
    const refused = await failingOn('posts', 'update of comment_count', () =>
      api('POST', `/posts/${postId}/comments`, fan.cookie, { content: 'Hello' }),
    );
    expect(refused.statusCode).toBe(500);
    expect(await commentsOn(postId)).toBe(0);

    const top = (await api('POST', `/posts/${postId}/comments`, fan.cookie, { content: 'Top' })).json().data
      ._id;
    await api('POST', `/posts/${postId}/comments`, author.cookie, { content: 'Reply', parentId: top });
    const kept = await failingOn('posts', 'update of comment_count', () =>
      api('DELETE', `/posts/${postId}/comments/${top}`, fan.cookie),
    );
    expect(kept.statusCode).toBe(500);
    expect(await commentsOn(postId)).toBe(2);
    expect((await api('DELETE', `/posts/${postId}/comments/${top}`, fan.cookie)).statusCode).toBe(200);
    expect((await countsOf([postId]))[0]).toMatchObject({ comments: 0, commentCount: 0 });
  });

  it('a comment or a like on a post deleted in between answers 404 and writes nothing', async () => {
    const author = await signedInUser(t);
    const fan = await signedInUser(t);
    const postId = (await api('POST', '/posts/create', author.cookie, { content: 'Going soon' })).json().data
      ._id;
    // The post goes after the service has seen it and before the row that points at it is checked.
    await sql`create or replace function delete_the_post() returns trigger language plpgsql as $$
      begin delete from posts where id = new.post_id; return new; end $$`.execute(t.db);
    for (const [table, send] of [
      ['comments', () => api('POST', `/posts/${postId}/comments`, fan.cookie, { content: 'Too late?' })],
      ['post_likes', () => api('POST', `/posts/${postId}/like`, fan.cookie)],
    ] as const) {
      await sql
        .raw(
          `create trigger delete_the_post before insert on ${table} for each row execute function delete_the_post()`,
        )
        .execute(t.db);
      try {
        const res = await send();
        expect(res.statusCode, table).toBe(404);
        expect(res.json().message).toBe('This post no longer exists');
      } finally {
        await sql.raw(`drop trigger delete_the_post on ${table}`).execute(t.db);
      }
    }
    expect(await commentsOn(postId)).toBe(0);
    expect(await likesOf(postId)).toBe(0);
  });

  it('an edit whose hashtags cannot be written changes nothing', async () => {
    const author = await signedInUser(t);
    const postId = (await api('POST', '/posts/create', author.cookie, { content: 'Tents #camp' })).json().data
      ._id;
    const tags = async () =>
      (
        await t.db
          .selectFrom('postHashtags')
          .select('tag')
          .where('postId', '=', postId)
          .orderBy('tag')
          .execute()
      ).map((r) => r.tag);
    const refused = await failingOn('post_hashtags', 'insert', () =>
      api('PATCH', `/posts/${postId}`, author.cookie, { content: 'Tents and stoves #camp #stoves' }),
    );
    expect(refused.statusCode).toBe(500);
    expect((await api('GET', `/posts/${postId}`, author.cookie)).json().data).toMatchObject({
      content: 'Tents #camp',
      hashtags: ['camp'],
    });
    expect(await tags()).toEqual(['camp']);
    // The same at the query: a tag that cannot be stored leaves the post as it was.
    await expect(
      updatePost(t.db, postId, { content: 'changed', hashtags: [null as unknown as string] }),
    ).rejects.toThrow();
    expect(
      (await t.db.selectFrom('posts').select('content').where('id', '=', postId).executeTakeFirstOrThrow())
        .content,
    ).toBe('Tents #camp');

    const edited = await api('PATCH', `/posts/${postId}`, author.cookie, {
      content: 'Stoves only #stoves #cooking',
    });
    expect(edited.json().data.hashtags).toEqual(['stoves', 'cooking']);
    expect(await tags()).toEqual(['cooking', 'stoves']);
  });
});

describe('per-account budgets on posts, hunts and comments (issue 11, 7e)', () => {
  const SCALE = 0.1;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(limited)(...args);
  const allowed = (budget: { max: number }) => Math.max(1, Math.round(budget.max * SCALE));
  // Accounts past their first day: everyone's budgets, not a new account's smaller ones
  // (decision 072, platform/new-account.test.ts).
  const pastFirstDay = () => signedInUser(limited, { createdAt: new Date(Date.now() - 2 * 86_400_000) });

  it('answers 429 with Retry-After once an account has posted its budget, posts and hunts together', async () => {
    const me = await pastFirstDay();
    const neighbour = await pastFirstDay();
    const max = allowed(POST_BUDGET);
    expect(max).toBeGreaterThan(1);
    for (let i = 0; i < max - 1; i++)
      expect((await call('POST', '/posts/create', me.cookie, { content: `post ${i}` })).statusCode).toBe(200);
    expect(
      (await call('POST', '/posts/create-hunt', me.cookie, { huntType: 'product', title: 'A generator' }))
        .statusCode,
    ).toBe(200);
    const mine = async () =>
      (await limited.db.selectFrom('posts').select('id').where('authorId', '=', me.user.id).execute()).length;
    for (const [url, body] of [
      ['/posts/create', { content: 'one too many' }],
      ['/posts/create-hunt', { huntType: 'product', title: 'One too many' }],
    ] as const) {
      const refused = await call('POST', url, me.cookie, body);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(refused.json().code).toBe('RATE_LIMITED');
    }
    expect(await mine()).toBe(max);
    // The budget is the account's, not the address's.
    expect(
      (await call('POST', '/posts/create', neighbour.cookie, { content: 'mine is untouched' })).statusCode,
    ).toBe(200);
  });

  it('answers 429 with Retry-After once an account has commented its budget', async () => {
    const me = await pastFirstDay();
    const author = await pastFirstDay();
    const postId = (await call('POST', '/posts/create', author.cookie, { content: 'Busy thread' })).json()
      .data._id;
    const max = allowed(COMMENT_BUDGET);
    for (let i = 0; i < max; i++)
      expect(
        (await call('POST', `/posts/${postId}/comments`, me.cookie, { content: `c${i}` })).statusCode,
      ).toBe(200);
    const refused = await call('POST', `/posts/${postId}/comments`, me.cookie, { content: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await limited.db.selectFrom('comments').select('id').where('postId', '=', postId).execute()).length,
    ).toBe(max);
    expect(
      (await call('POST', `/posts/${postId}/comments`, author.cookie, { content: 'the author still may' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 429 once an account has spent its budget of edits, links, text and status alike, and writes nothing (issue 31)', async () => {
    const me = await pastFirstDay();
    const created = await call('POST', '/posts/create', me.cookie, {
      content: 'Tents http://127.0.0.1:9/start',
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data._id;
    const madeNeed = await call('POST', '/posts/create', me.cookie, {
      kind: 'need',
      category: 'Shelter',
      title: 'Blankets',
      content: 'For the hall',
    });
    expect(madeNeed.statusCode, madeNeed.body).toBe(200);
    const need = madeNeed.json().data._id;
    const max = allowed(POST_EDIT_BUDGET);
    expect(max).toBeGreaterThan(3);
    // Every kind of edit draws on the one budget: a link changed, the text alone, a need's status.
    const edit = (i: number) =>
      [
        () => call('PATCH', `/posts/${post}`, me.cookie, { content: `Tents http://127.0.0.1:9/${i}` }),
        () =>
          call('PATCH', `/posts/${post}`, me.cookie, { content: `Tents, dry http://127.0.0.1:9/${i - 1}` }),
        () => call('PATCH', `/posts/${need}`, me.cookie, { status: i % 2 ? 'fulfilled' : 'open' }),
      ][i % 3]!();
    for (let i = 0; i < max; i++) expect((await edit(i)).statusCode).toBe(200);
    const stored = () =>
      limited.db
        .selectFrom('posts')
        .select(['id', 'title', 'content', 'status'])
        .where('id', 'in', [post, need])
        .orderBy('id')
        .execute();
    const before = await stored();
    for (const [id, body] of [
      [post, { content: 'One too many http://127.0.0.1:9/late' }],
      [post, { title: 'One too many' }],
      [need, { status: 'open' }],
    ] as const) {
      const refused = await call('PATCH', `/posts/${id}`, me.cookie, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(await stored()).toEqual(before);
    // The budget is the account's: someone else still edits their own post.
    const neighbour = await pastFirstDay();
    const theirs = (await call('POST', '/posts/create', neighbour.cookie, { content: 'Mine' })).json().data
      ._id;
    expect(
      (await call('PATCH', `/posts/${theirs}`, neighbour.cookie, { content: 'Mine, edited' })).statusCode,
    ).toBe(200);
  });
});

describe('likes and saves have a budget; a like tells its author once (issue 31, item 6)', () => {
  const SCALE = 0.1;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(limited)(...args);
  const allowed = (budget: { max: number }) => Math.max(1, Math.round(budget.max * SCALE));

  for (const [what, budget, path] of [
    ['likes and unlikes', LIKE_BUDGET, 'like'],
    ['saves and unsaves', SAVE_BUDGET, 'save'],
  ] as const) {
    it(`answers 429 with Retry-After once an account has spent its ${what}, toggles counted both ways`, async () => {
      const [me, author, neighbour] = await Promise.all([
        signedInUser(limited),
        signedInUser(limited),
        signedInUser(limited),
      ]);
      const postId = (await call('POST', '/posts/create', author.cookie, { content: 'Toggle me' })).json()
        .data._id;
      const max = allowed(budget);
      expect(max).toBeGreaterThan(2);
      for (let i = 0; i < max; i++) {
        const res = await call(i % 2 === 0 ? 'POST' : 'DELETE', `/posts/${postId}/${path}`, me.cookie);
        expect(res.statusCode, res.body).toBe(200);
      }
      const state = max % 2 === 1; // an odd number of toggles leaves it liked (saved)
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await call(method, `/posts/${postId}/${path}`, me.cookie);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      }
      // Nothing written by a refused toggle.
      const table = path === 'like' ? 'postLikes' : 'savedPosts';
      const rows = await limited.db
        .selectFrom(table)
        .select('userId')
        .where('postId', '=', postId)
        .where('userId', '=', me.user.id)
        .execute();
      expect(rows.length).toBe(state ? 1 : 0);
      // The budget is the account's; the other kind of toggle has its own.
      expect((await call('POST', `/posts/${postId}/${path}`, neighbour.cookie)).statusCode).toBe(200);
      expect(
        (await call('POST', `/posts/${postId}/${path === 'like' ? 'save' : 'like'}`, me.cookie)).statusCode,
      ).toBe(200);
      expect((await call('POST', `/posts/${postId}/${path}`)).statusCode).toBe(401);
    });
  }

  it('a like tells its author once per liker and post, ever, in one notice per post: toggled, repeated, at once, over several posts and likers', async () => {
    const live = recordDeliveries(t);
    const [author, fan, other] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const first = (await api('POST', '/posts/create', author.cookie, { content: 'Like me' })).json().data
      ._id as string;
    const second = (await api('POST', '/posts/create', author.cookie, { content: 'And me' })).json().data
      ._id as string;
    live.clear();
    // Liked, taken back and liked again, one after the other.
    for (let i = 0; i < 15; i++) {
      expect((await api('POST', `/posts/${first}/like`, fan.cookie)).statusCode).toBe(200);
      expect((await api('DELETE', `/posts/${first}/like`, fan.cookie)).statusCode).toBe(200);
    }
    // Toggled all at once (the notices may share one batched statement).
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(i % 2 === 0 ? 'POST' : 'DELETE', `/posts/${second}/like`, fan.cookie),
      ),
    );
    await api('POST', `/posts/${second}/like`, fan.cookie);
    // Another liker, and another post, are told apart.
    for (let i = 0; i < 5; i++) {
      await api('POST', `/posts/${first}/like`, other.cookie);
      await api('DELETE', `/posts/${first}/like`, other.cookie);
    }
    // One notice per post (issue 34): the first post's names its latest liker and counts the fan.
    const notices = (
      await t.db
        .selectFrom('notifications')
        .select(['senderId', 'relatedPostId', 'othersCount'])
        .where('userId', '=', author.user.id)
        .where('type', '=', 'like')
        .execute()
    )
      .map(
        (n) =>
          `${n.senderId === fan.user.id ? 'fan' : 'other'} ${n.relatedPostId === first ? 'first' : 'second'} +${n.othersCount}`,
      )
      .sort();
    expect(notices).toEqual(['fan second +0', 'other first +1']);
    // Told live once per liker and post: three times (the other's like updated the first notice).
    expect(live.of(author.user.id).filter((e) => e.type === 'notification.created')).toHaveLength(3);
    // The author's list says so too.
    const listed = (await api('GET', '/notifications', author.cookie))
      .json()
      .data.filter((n: { type: string }) => n.type === 'like');
    expect(listed).toHaveLength(2);
  });
});

describe('mission updates (issue 12)', () => {
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  const startMission = async (owner: Person, title = 'Coastal clean-up') =>
    (await api('POST', '/missions', owner.cookie, { title, type: 'collaboration' })).json().data
      ._id as string;
  const addMember = async (missionId: string, owner: Person, who: Person) => {
    await api('POST', `/missions/${missionId}/join`, who.cookie, { role: 'collaborator' });
    const request = (await api('GET', '/chats/join-requests', owner.cookie))
      .json()
      .data.find((r: { user: { _id: string } }) => r.user._id === who.user.id);
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${request._id}/approve`, owner.cookie))
        .statusCode,
    ).toBe(200);
  };
  const update = (who: Person, missionId: string, content: string, updateCount = 99) =>
    api('POST', '/posts/create', who.cookie, {
      kind: 'general',
      content,
      mission: { missionId, title: 'whatever the client says', updateCount },
    });
  const updateCountOf = async (id: string) =>
    (await t.db.selectFrom('missions').select('updateCount').where('id', '=', id).executeTakeFirstOrThrow())
      .updateCount;

  it("a member's post is an update: numbered by the server, on the timeline, told to members and followers", async () => {
    const [owner, member, follower, mutedFollower, stranger] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ]);
    const missionId = await startMission(owner);
    await addMember(missionId, owner, member);
    await api('POST', `/missions/${missionId}/follow`, follower.cookie);
    await api('POST', `/missions/${missionId}/follow`, mutedFollower.cookie);
    await api('POST', `/users/${member.user.id}/mute`, mutedFollower.cookie);

    const first = await update(member, missionId, '🔔 Update 1: bags collected');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      kind: 'mission_update',
      mission: { missionId, title: 'Coastal clean-up', updateCount: 1 },
    });
    const second = (await update(owner, missionId, 'Second', 1)).json().data;
    expect(second.mission.updateCount).toBe(2);
    expect(await updateCountOf(missionId)).toBe(2);
    expect((await api('GET', `/missions/${missionId}`, stranger.cookie)).json().data.updateCount).toBe(2);

    const timeline = (await api('GET', `/missions/${missionId}/updates`, stranger.cookie)).json();
    expect(timeline.data.map((p: { _id: string }) => p._id)).toEqual([second._id, first.json().data._id]);
    const paged = (await api('GET', `/missions/${missionId}/updates?limit=1`, stranger.cookie)).json();
    expect(paged.data.map((p: { _id: string }) => p._id)).toEqual([second._id]);
    expect(paged.meta.nextCursor).toEqual(expect.any(String));

    const told = async (p: Person) =>
      (
        (await api('GET', '/notifications', p.cookie)).json().data as Array<{
          type: string;
          relatedMission: string | null;
          relatedPost: { _id: string } | null;
        }>
      ).filter((n) => n.type === 'missionUpdate' && n.relatedPost?._id === first.json().data._id);
    expect(await told(owner)).toEqual([
      expect.objectContaining({ relatedMission: missionId, message: 'posted an update to Coastal clean-up' }),
    ]);
    expect(await told(follower)).toEqual([expect.objectContaining({ relatedMission: missionId })]);
    expect(await told(member)).toEqual([]);
    expect(await told(mutedFollower)).toEqual([]);
    expect(await told(stranger)).toEqual([]);
    expect((await api('GET', '/chats/ongoing-missions/me', member.cookie)).json().data).toEqual([
      { _id: missionId, title: 'Coastal clean-up', updateCount: 2 },
    ]);
  });

  it("a non-member's post only points at the mission: its own kind, the real title, no number, not on the timeline", async () => {
    const [owner, outsider] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const missionId = await startMission(owner, 'Tree planting');
    const res = await update(outsider, missionId, 'Join this, everyone', 5);
    expect(res.json().data).toMatchObject({
      kind: 'general',
      mission: { missionId, title: 'Tree planting' },
    });
    expect(res.json().data.mission.updateCount).toBeUndefined();
    expect(await updateCountOf(missionId)).toBe(0);
    expect((await api('GET', `/missions/${missionId}/updates`, owner.cookie)).json().data).toEqual([]);
    // A completed mission takes no more updates, from members either.
    await api('PUT', `/missions/${missionId}/complete`, owner.cookie);
    expect((await update(owner, missionId, 'After the end')).json().data.kind).toBe('general');
    expect(await updateCountOf(missionId)).toBe(0);
  });

  it('10 concurrent updates get 10 distinct numbers', async () => {
    const owner = await signedInUser(t);
    const missionId = await startMission(owner);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => update(owner, missionId, `Update ${i}`, 1)),
    );
    const numbers = results.map((r) => r.json().data.mission.updateCount as number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await updateCountOf(missionId)).toBe(10);
  });

  it('the timeline leaves out authors hidden from the viewer, and is 404 when the mission is', async () => {
    const [owner, member, viewer] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const missionId = await startMission(owner);
    await addMember(missionId, owner, member);
    await update(member, missionId, 'From the member');
    const mine = (await update(owner, missionId, 'From the owner')).json().data._id;
    await api('POST', `/users/${member.user.id}/block`, viewer.cookie);
    expect(
      (await api('GET', `/missions/${missionId}/updates`, viewer.cookie))
        .json()
        .data.map((p: { _id: string }) => p._id),
    ).toEqual([mine]);
    await api('POST', `/users/${viewer.user.id}/block`, owner.cookie);
    expect((await api('GET', `/missions/${missionId}/updates`, viewer.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/missions/not-an-id/updates`, viewer.cookie)).statusCode).toBe(400);
    expect((await api('GET', `/missions/${missionId}/updates`)).statusCode).toBe(401);
  });
});

describe('the home feed is mine (issue 13)', () => {
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  const connect = (a: Person, b: Person) =>
    t.db
      .insertInto('connections')
      .values([
        { userId: a.user.id, otherId: b.user.id },
        { userId: b.user.id, otherId: a.user.id },
      ])
      .execute();
  const post = async (who: Person, content: string, extra: Record<string, unknown> = {}) =>
    (await api('POST', '/posts/create', who.cookie, { content, ...extra })).json().data._id as string;
  type Item = { _id: string; content: string; via?: string };

  /** Walks the feed until `publicWanted` public posts were seen (or it ends). */
  async function walk(cookie: string, limit: number, publicWanted: number) {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const res = await api('GET', `/posts/feed?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
      expect(res.statusCode).toBe(200);
      items.push(...res.json().data);
      cursor = res.json().meta.nextCursor;
    } while (cursor && items.filter((i) => i.via === 'public').length < publicWanted);
    return items;
  }

  it('is my network first — connections, followed hashtags and missions, my own — then everyone else, muted and blocked never', async () => {
    const [me, friend, stranger, muted, blocker, owner] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ]);
    await connect(me, friend);
    await connect(me, muted);
    await connect(me, blocker);
    await t.db.insertInto('mutes').values({ muterId: me.user.id, mutedId: muted.user.id }).execute();
    await t.db.insertInto('blocks').values({ blockerId: blocker.user.id, blockedId: me.user.id }).execute();
    await t.db.insertInto('hashtagFollows').values({ userId: me.user.id, tag: 'tidewatch' }).execute();
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Dune fencing', type: 'collaboration' })
    ).json().data._id as string;
    expect((await api('POST', `/missions/${missionId}/follow`, me.cookie)).statusCode).toBe(200);

    await post(friend, 'from a friend');
    await post(muted, 'from the muted #tidewatch');
    await post(blocker, 'from the blocker');
    await post(stranger, 'tagged #TideWatch');
    await post(owner, 'mission news', { mission: { missionId, title: 'Dune fencing' } });
    await post(me, 'my own');
    await post(stranger, 'from a stranger');

    // limit 2: the network ends exactly at a page's end; limit 3: in the middle of a page.
    for (const limit of [2, 3]) {
      const items = await walk(me.cookie, limit, 3);
      const ids = items.map((i) => i._id);
      expect(new Set(ids).size).toBe(ids.length);
      const network = items.filter((i) => i.via === 'network').map((i) => i.content);
      expect(network).toEqual(['my own', 'mission news', 'tagged #TideWatch', 'from a friend']);
      const firstPublic = items.findIndex((i) => i.via === 'public');
      expect(firstPublic).toBe(4);
      expect(items.slice(firstPublic).every((i) => i.via === 'public')).toBe(true);
      expect(items[firstPublic]!.content).toBe('from a stranger');
      const contents = items.map((i) => i.content);
      expect(contents).not.toContain('from the muted #tidewatch');
      expect(contents).not.toContain('from the blocker');
    }
    // A bad cursor is refused, whatever its phase.
    expect((await api('GET', '/posts/feed?cursor=p.nonsense', me.cookie)).statusCode).toBe(400);
    // The /hunt page stays everyone's hunts, without phases.
    await api('POST', '/posts/create-hunt', stranger.cookie, {
      huntType: 'product',
      title: 'Sand fencing, bulk',
    });
    const hunts = (await api('GET', '/posts/feed?kind=hunt', me.cookie)).json().data;
    expect(hunts[0]).toMatchObject({ title: 'Sand fencing, bulk', kind: 'hunt' });
    expect(hunts[0].via).toBeUndefined();
  });
});

describe('the home feed’s network head (decision 016)', () => {
  it('pages past the kept head into the walk without a gap or a repeat; my posts and my mutes count at once, a block from elsewhere too', async () => {
    const [me, friend, other] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    for (const p of [friend, other])
      await t.db
        .insertInto('connections')
        .values([
          { userId: me.user.id, otherId: p.user.id },
          { userId: p.user.id, otherId: me.user.id },
        ])
        .execute();
    // 230 posts by a connection, a minute apart: more than the head holds, so the scroll goes on in a run further down.
    await sql`insert into posts (id, author_id, kind, content, created_at)
      select gen_random_uuid(), ${friend.user.id}, 'general', 'post ' || n, now() - make_interval(mins => n)
      from generate_series(1, 230) as n`.execute(t.db);
    const network = async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api('GET', `/posts/feed?limit=40${cursor ? `&cursor=${cursor}` : ''}`, me.cookie);
        const page = res.json().data as Array<{ content: string; via: string }>;
        seen.push(...page.filter((p) => p.via === 'network').map((p) => p.content));
        cursor = page.some((p) => p.via === 'public') ? null : res.json().meta.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await network()).toEqual(Array.from({ length: 230 }, (_, i) => `post ${i + 1}`));

    // My own post is on top at once, though the head was read a moment ago.
    await api('POST', '/posts/create', me.cookie, { content: 'just now, mine' });
    // My network's part of the first page (when it runs out, others' posts follow).
    const first = async () =>
      (await api('GET', '/posts/feed?limit=3', me.cookie))
        .json()
        .data.filter((p: { via: string }) => p.via === 'network')
        .map((p: { content: string }) => p.content);
    expect(await first()).toEqual(['just now, mine', 'post 1', 'post 2']);
    // Muting through the API drops them at once; so does a block written by another process.
    expect((await api('POST', `/users/${friend.user.id}/mute`, me.cookie)).statusCode).toBe(200);
    expect(await first()).toEqual(['just now, mine']);
    await api('DELETE', `/users/${friend.user.id}/mute`, me.cookie);
    await api('POST', '/posts/create', other.cookie, { content: 'from the other' });
    await api('POST', '/posts/create', me.cookie, { content: 'mine again' });
    expect((await first())[0]).toBe('mine again');
    await t.db.insertInto('blocks').values({ blockerId: other.user.id, blockedId: me.user.id }).execute();
    expect(await first()).not.toContain('from the other');
  });
});

describe('the home feed past its network head (decision 030)', () => {
  /** Me, connected to a friend who wrote `count` posts ('post 1' newest), a minute apart. */
  async function connectedToPoster(count: number) {
    const [me, friend] = await Promise.all([signedInUser(t), signedInUser(t)]);
    await t.db
      .insertInto('connections')
      .values([
        { userId: me.user.id, otherId: friend.user.id },
        { userId: friend.user.id, otherId: me.user.id },
      ])
      .execute();
    await sql`insert into posts (id, author_id, kind, content, created_at)
      select gen_random_uuid(), ${friend.user.id}, 'general', 'post ' || n, now() - make_interval(mins => n)
      from generate_series(1, ${count}) as n`.execute(t.db);
    return me;
  }

  it('goes on from a cursor the head no longer holds, without a gap or a repeat', async () => {
    const me = await connectedToPoster(150);
    const page = async (cursor: string | null) => {
      const res = await api('GET', `/posts/feed?limit=40${cursor ? `&cursor=${cursor}` : ''}`, me.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as Array<{ content: string; via: string }>;
      return {
        seen: data.filter((p) => p.via === 'network').map((p) => p.content),
        next: res.json().meta.nextCursor as string | null,
      };
    };
    const first = await page(null);
    const second = await page(first.next);
    // My own post drops my head; the one read next holds the newest keys, not this cursor's.
    await api('POST', '/posts/create', me.cookie, { content: 'mine, meanwhile' });
    const third = await page(second.next);
    const fourth = await page(third.next);
    expect([...first.seen, ...second.seen, ...third.seen, ...fourth.seen]).toEqual(
      Array.from({ length: 150 }, (_, i) => `post ${i + 1}`),
    );
  });

  it('answers every page again the same, near the end of a long scroll and far behind it (a refetch)', async () => {
    // More than a run keeps (200 keys), so the first pages' keys are dropped by the end.
    const me = await connectedToPoster(330);
    const page = async (cursor: string | null) => {
      const res = await api('GET', `/posts/feed?limit=30${cursor ? `&cursor=${cursor}` : ''}`, me.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return {
        seen: (res.json().data as Array<{ content: string }>).map((p) => p.content),
        next: res.json().meta.nextCursor as string | null,
      };
    };
    const cursors: Array<string | null> = [null];
    const scroll: string[][] = [];
    for (let i = 0; i < 11; i++) {
      const { seen, next } = await page(cursors[i]!);
      scroll.push(seen);
      cursors.push(next);
    }
    expect(scroll.flat()).toEqual(Array.from({ length: 330 }, (_, i) => `post ${i + 1}`));
    // The refetch asks for every page again, from the top.
    for (const [i, cursor] of cursors.slice(0, 11).entries())
      expect((await page(cursor)).seen).toEqual(scroll[i]);
  });
});

describe('offers on a need: counts, who offered, credited helpers (issue 13)', () => {
  it('shows who offered to the author only, and credits only those who offered', async () => {
    const [author, a, b, c, other] = await Promise.all([
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
      signedInUser(t),
    ]);
    const id = (
      await api('POST', '/posts/create', author.cookie, {
        kind: 'need',
        category: 'Transport',
        content: 'A van for Saturday',
      })
    ).json().data._id as string;
    const offer = (helper: typeof a, status: 'pending' | 'accepted' | 'withdrawn', at: string) =>
      t.db
        .insertInto('offers')
        .values({
          id: newId(),
          postId: id,
          helperId: helper.user.id,
          ownerId: author.user.id,
          message: 'I can help',
          status,
          createdAt: new Date(at),
        })
        .execute();
    await offer(a, 'pending', '2026-01-01T10:00:00.000Z');
    await offer(b, 'accepted', '2026-01-01T11:00:00.000Z');
    await offer(c, 'withdrawn', '2026-01-01T12:00:00.000Z');

    const asAuthor = (await api('GET', `/posts/${id}`, author.cookie)).json().data;
    expect(asAuthor.offerCount).toBe(2);
    expect(asAuthor.offeredBy.map((u: { _id: string }) => u._id)).toEqual([b.user.id, a.user.id]);
    const asOther = (await api('GET', `/posts/${id}`, other.cookie)).json().data;
    expect(asOther).toMatchObject({ offerCount: 2, offeredBy: [], helpers: [] });
    const inList = (await api('GET', `/posts/user/${author.user.username}`, author.cookie)).json().data[0];
    expect(inList.offeredBy).toHaveLength(2);
    // Lists made of shared texts (the home feed, the newest needs) add who offered for the author alone (decision 031).
    const offeredIn = async (path: string, viewer: typeof a) =>
      (await api('GET', path, viewer.cookie))
        .json()
        .data.find((p: { _id: string }) => p._id === id)
        .offeredBy.map((u: { _id: string }) => u._id);
    expect(await offeredIn('/posts/feed', author)).toEqual([b.user.id, a.user.id]);
    expect(await offeredIn('/posts/feed?kind=need', author)).toEqual([b.user.id, a.user.id]);
    expect(await offeredIn('/posts/feed?kind=need', other)).toEqual([]);
    // An offer made now shows in the author's feed at once, though it was just read.
    const late = await signedInUser(t);
    expect(
      (await api('POST', `/posts/${id}/offers`, late.cookie, { message: 'I have a van too' })).statusCode,
    ).toBe(200);
    expect(await offeredIn('/posts/feed', author)).toEqual([late.user.id, b.user.id, a.user.id]);

    const credited = async () =>
      await t.db
        .selectFrom('posts')
        .select(['creditedIds', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const notYet = await api('PATCH', `/posts/${id}`, author.cookie, { creditedIds: [a.user.id] });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().details[0].path).toBe('creditedIds');
    const stranger = await api('PATCH', `/posts/${id}`, author.cookie, {
      status: 'fulfilled',
      creditedIds: [a.user.id, other.user.id],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details[0].path).toBe('creditedIds');
    expect(
      await api('PATCH', `/posts/${id}`, author.cookie, {
        status: 'fulfilled',
        creditedIds: [c.user.id],
      }).then((r) => r.statusCode),
    ).toBe(400);
    expect(await credited()).toEqual({ creditedIds: [], status: 'open' });

    const done = await api('PATCH', `/posts/${id}`, author.cookie, {
      status: 'fulfilled',
      creditedIds: [a.user.id, b.user.id],
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.helpers.map((u: { _id: string }) => u._id)).toEqual([a.user.id, b.user.id]);
    expect(
      (await api('GET', `/posts/${id}`, other.cookie)).json().data.helpers.map((u: { _id: string }) => u._id),
    ).toEqual([a.user.id, b.user.id]);
    const reopened = (await api('PATCH', `/posts/${id}`, author.cookie, { status: 'open' })).json().data;
    expect(reopened).toMatchObject({ status: 'open', helpers: [] });

    const general = await post(author, 'Thanks, everyone');
    expect(
      (await api('PATCH', `/posts/${general}`, author.cookie, { creditedIds: [a.user.id] })).statusCode,
    ).toBe(400);
  });

  const post = async (who: { cookie: string }, content: string) =>
    (await api('POST', '/posts/create', who.cookie, { content })).json().data._id as string;

  it('lists a person’s needs, wants and provisions for the Needs & Provisions tab', async () => {
    const author = await signedInUser(t);
    await api('POST', '/posts/create', author.cookie, {
      kind: 'need',
      category: 'Transport',
      content: 'need one',
    });
    await api('POST', '/posts/create', author.cookie, {
      kind: 'provision',
      category: 'Transport',
      content: 'provision one',
    });
    await post(author, 'general one');
    const res = await api('GET', `/posts/user/${author.user.username}?kind=needs`, author.cookie);
    expect(res.json().data.map((p: { content: string }) => p.content)).toEqual(['provision one', 'need one']);
    expect(
      (await api('GET', `/posts/user/${author.user.username}?kind=gossip`, author.cookie)).statusCode,
    ).toBe(400);
  });
});

describe('new posts, live (issue 15)', () => {
  let live: ReturnType<typeof recordDeliveries>;
  beforeAll(() => {
    live = recordDeliveries(t);
  });
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  async function connect(a: Person, b: Person) {
    await api('POST', `/connections/${b.user.id}`, a.cookie);
    await api('POST', `/connections/${a.user.id}`, b.cookie);
  }

  it('tells the author’s connections of a new post or hunt, but not anyone who muted or blocked them, nor strangers', async () => {
    const [author, friend, muter, blocker, stranger] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    for (const p of [friend, muter, blocker]) await connect(author, p);
    expect((await api('POST', `/users/${author.user.id}/mute`, muter.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/users/${author.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    // The friend's feed is read (and its network head kept) before the post.
    expect((await api('GET', '/posts/feed?limit=5', friend.cookie)).statusCode).toBe(200);
    live.clear();

    const postId = (
      await api('POST', '/posts/create', author.cookie, { content: 'Sandbags at the hall from six' })
    ).json().data._id;
    const announced = live.all.filter((d) => d.event.type === 'post.created');
    // The author is told too, so that every process drops their kept head (their own clients pass over it).
    expect(announced).toEqual([
      {
        to: [author.user.id, friend.user.id],
        event: { type: 'post.created', data: { _id: postId, authorId: author.user.id } },
      },
    ]);
    for (const p of [muter, blocker, stranger]) expect(live.of(p.user.id)).toEqual([]);
    // The pill's refetch shows it at once: the friend's kept head was dropped.
    expect((await api('GET', '/posts/feed?limit=5', friend.cookie)).json().data[0]._id).toBe(postId);

    live.clear();
    const huntId = (
      await api('POST', '/posts/create-hunt', author.cookie, {
        huntType: 'product',
        title: 'A pump that runs on solar',
      })
    ).json().data._id;
    expect(live.of(friend.user.id)).toEqual([
      { type: 'post.created', data: { _id: huntId, authorId: author.user.id } },
    ]);
  });
});
