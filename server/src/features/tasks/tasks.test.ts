import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { emitEvent, apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { TASK_BUDGET } from '../../platform/limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A mission as the missions feature leaves it: the row, the owner as member 'owner', each other
 * member with their role, and the events it emits (so the chats feature opens the group chat).
 */
async function missionOf(
  app: TestApp,
  owner: Person,
  members: [Person, 'partner' | 'collaborator'][] = [],
  title = 'Beach clean-up',
) {
  const missionId = newId();
  await app.db
    .insertInto('missions')
    .values({ id: missionId, ownerId: owner.user.id, title, type: 'collaboration' })
    .execute();
  await app.db
    .insertInto('missionMembers')
    .values({ missionId, userId: owner.user.id, role: 'owner' })
    .execute();
  await emitEvent(app, 'mission.created', { missionId, ownerId: owner.user.id, title });
  for (const [member, role] of members) {
    await app.db.insertInto('missionMembers').values({ missionId, userId: member.user.id, role }).execute();
    await emitEvent(app, 'mission.member_joined', { missionId, userId: member.user.id });
  }
  const chat = await app.db
    .selectFrom('chats')
    .select('id')
    .where('missionId', '=', missionId)
    .executeTakeFirstOrThrow();
  return { missionId, chatId: chat.id };
}

/** A team: owner Olu, partner Pia, collaborator Cal, and Sam, a stranger to the mission. */
async function team() {
  const [owner, partner, collaborator, stranger] = [
    await signedInUser(t, { firstName: 'Olu' }),
    await signedInUser(t, { firstName: 'Pia' }),
    await signedInUser(t, { firstName: 'Cal' }),
    await signedInUser(t, { firstName: 'Sam' }),
  ];
  const m = await missionOf(t, owner, [
    [partner, 'partner'],
    [collaborator, 'collaborator'],
  ]);
  return { owner, partner, collaborator, stranger, ...m };
}

const taskRows = (missionId: string) =>
  t.db.selectFrom('tasks').selectAll().where('missionId', '=', missionId).execute();
const taskNotices = async (p: Person) =>
  (await api('GET', '/tasks/notifications', p.cookie)).json().data as {
    message: string;
    typeTask: string;
    chat: string | null;
  }[];

describe('POST /missions/:missionId/tasks', () => {
  it('adds a task for a member; the assignee and the owner are told, with the mission chat, the author is not', async () => {
    const m = await team();
    const res = await api('POST', `/missions/${m.missionId}/tasks`, m.collaborator.cookie, {
      title: '  Buy bin bags  ',
      description: 'Fifty, heavy duty',
      assigneeId: m.partner.user.id,
      dueDate: '2027-03-01',
    });
    expect(res.statusCode).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({
      missionId: m.missionId,
      missionTitle: 'Beach clean-up',
      title: 'Buy bin bags',
      description: 'Fifty, heavy duty',
      assignee: { _id: m.partner.user.id, firstName: 'Pia' },
      dueDate: '2027-03-01',
      status: 'todo',
      can: { edit: true, delete: true },
    });
    expect((await taskRows(m.missionId)).map((r) => [r.id, r.createdBy])).toEqual([
      [task._id, m.collaborator.user.id],
    ]);

    expect(await taskNotices(m.partner)).toEqual([
      expect.objectContaining({
        type: 'task',
        typeTask: 'task_created',
        chat: m.chatId,
        message: 'assigned you a task: Buy bin bags',
      }),
    ]);
    expect(await taskNotices(m.owner)).toEqual([
      expect.objectContaining({
        type: 'task',
        typeTask: 'task_created',
        chat: m.chatId,
        message: 'added a task to your mission: Buy bin bags',
      }),
    ]);
    expect(await taskNotices(m.collaborator)).toEqual([]);
    // The notification list carries the chat too: the web's click goes to /chat/{chatId}.
    const listed = (await api('GET', '/notifications', m.partner.cookie)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        type: 'task',
        typeTask: 'task_created',
        chat: m.chatId,
        relatedMission: m.missionId,
      }),
    ]);
  });

  it('takes an unassigned task with defaults, and the owner assigning themselves tells nobody', async () => {
    const m = await team();
    const res = await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, {
      title: 'Book the van',
      assigneeId: m.owner.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      description: '',
      dueDate: null,
      assignee: { _id: m.owner.user.id },
    });
    const open = await api('POST', `/missions/${m.missionId}/tasks`, m.partner.cookie, {
      title: 'Anyone: posters',
    });
    expect(open.json().data.assignee).toBeNull();
    expect(await taskNotices(m.owner)).toEqual([
      expect.objectContaining({ message: 'added a task to your mission: Anyone: posters' }),
    ]);
  });

  it('refuses bad input with field details, writing nothing', async () => {
    const m = await team();
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', dueDate: '2027-02-30' }, 'dueDate'],
      [{ title: 'Ok', assigneeId: 'not-an-id' }, 'assigneeId'],
      [{ title: 'Ok', status: 'done' }, ''],
      // Assigned to someone outside the mission.
      [{ title: 'Ok', assigneeId: m.stranger.user.id }, 'assigneeId'],
      [{ title: 'Ok', assigneeId: newId() }, 'assigneeId'],
    ];
    for (const [body, path] of cases) {
      const res = await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (path)
        expect(
          res.json().details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
    }
    expect(await taskRows(m.missionId)).toEqual([]);
    expect(await taskNotices(m.stranger)).toEqual([]);
  });

  it('answers 401 signed out and 404 to a non-member or for no mission, writing nothing', async () => {
    const m = await team();
    expect(
      (await api('POST', `/missions/${m.missionId}/tasks`, undefined, { title: 'Sneaky' })).statusCode,
    ).toBe(401);
    const stranger = await api('POST', `/missions/${m.missionId}/tasks`, m.stranger.cookie, {
      title: 'Sneaky',
      assigneeId: m.stranger.user.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Mission not found');
    expect(
      (await api('POST', `/missions/${newId()}/tasks`, m.owner.cookie, { title: 'Nowhere' })).statusCode,
    ).toBe(404);
    expect(await taskRows(m.missionId)).toEqual([]);
    expect(await taskNotices(m.owner)).toEqual([]);
  });
});

describe('a block keeps tasks off the other one’s list (issue 31, item 6)', () => {
  const mine = async (p: Person) =>
    ((await api('GET', '/tasks?mine=true', p.cookie)).json().data as { _id: string }[]).map((k) => k._id);

  it('assigning or reassigning to someone blocked either way answers as for nobody there, writing nothing', async () => {
    for (const direction of ['blocked me', 'I blocked'] as const) {
      const m = await team();
      // Pia and Cal are both members; the mission stays theirs either way (its owner blocked nobody).
      const [blocker, blocked] =
        direction === 'blocked me' ? [m.partner, m.collaborator] : [m.collaborator, m.partner];
      expect((await api('POST', `/users/${blocked.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
      const nobody = (
        await api('POST', `/missions/${m.missionId}/tasks`, blocked.cookie, {
          title: 'Sweep',
          assigneeId: newId(),
        })
      ).json();
      const unassigned = (
        await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, { title: 'Tables' })
      ).json().data._id as string;
      const before = await taskRows(m.missionId);
      for (const [actor, target] of [
        [blocked, blocker],
        [blocker, blocked],
      ] as const) {
        const created = await api('POST', `/missions/${m.missionId}/tasks`, actor.cookie, {
          title: 'Sweep',
          assigneeId: target.user.id,
        });
        expect(created.statusCode, direction).toBe(400);
        expect(created.json(), direction).toEqual(nobody);
        for (const patch of [
          { assigneeId: target.user.id },
          { assigneeId: target.user.id, status: 'done' },
          { assigneeId: target.user.id.toUpperCase(), title: 'Mine now' },
        ]) {
          const moved = await api('PATCH', `/tasks/${unassigned}`, actor.cookie, patch);
          expect(moved.statusCode, `${direction} ${JSON.stringify(patch)}`).toBe(400);
          expect(moved.json().details).toEqual(nobody.details);
        }
      }
      expect(await taskRows(m.missionId)).toEqual(before);
      for (const p of [blocker, blocked]) {
        expect(await mine(p)).toEqual([]);
        expect(await taskNotices(p)).toEqual([]);
      }
      // Anyone else may still give either of them a task.
      expect(
        (
          await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, {
            title: 'Buckets',
            assigneeId: blocker.user.id,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await api('PATCH', `/tasks/${unassigned}`, m.owner.cookie, { assigneeId: blocked.user.id }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('moving a task the owner gave to someone blocked either way tells them nothing', async () => {
    const m = await team();
    expect((await api('POST', `/users/${m.collaborator.user.id}/block`, m.partner.cookie)).statusCode).toBe(
      200,
    );
    const taskId = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, {
        title: 'Rakes',
        assigneeId: m.partner.user.id,
      })
    ).json().data._id;
    const told = (await taskNotices(m.partner)).length;
    const moved = await api('PATCH', `/tasks/${taskId}`, m.collaborator.cookie, { status: 'in_progress' });
    expect(moved.statusCode).toBe(200);
    // The collaborator sees it unassigned: the card of someone blocked either way is not shown.
    expect(moved.json().data.assignee).toBeNull();
    expect(await taskNotices(m.partner)).toHaveLength(told);
    // Kept assigned to the partner: the collaborator cannot take it from them by naming them either.
    expect(
      (await api('PATCH', `/tasks/${taskId}`, m.collaborator.cookie, { assigneeId: m.partner.user.id }))
        .statusCode,
    ).toBe(400);
    expect(await mine(m.partner)).toEqual([taskId]);
  });
});

describe('GET /missions/:missionId/tasks and GET /tasks', () => {
  it('lists a mission’s tasks to its members only, newest first', async () => {
    const m = await team();
    for (const title of ['First', 'Second'])
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, { title });
    for (const member of [m.owner, m.partner, m.collaborator]) {
      const res = await api('GET', `/missions/${m.missionId}/tasks`, member.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((x: { title: string }) => x.title)).toEqual(['Second', 'First']);
    }
    expect((await api('GET', `/missions/${m.missionId}/tasks`)).statusCode).toBe(401);
    expect((await api('GET', `/missions/${m.missionId}/tasks`, m.stranger.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/missions/not-an-id/tasks`, m.owner.cookie)).statusCode).toBe(400);
  });

  it('lists the tasks of my missions only, filtered by mine, status and mission', async () => {
    const a = await team();
    const other = await missionOf(t, a.stranger, [[a.partner, 'collaborator']], 'Park picnic');
    const mk = async (cookie: string, missionId: string, title: string, assigneeId?: string) =>
      (
        await api('POST', `/missions/${missionId}/tasks`, cookie, {
          title,
          ...(assigneeId && { assigneeId }),
        })
      ).json().data._id as string;
    await mk(a.owner.cookie, a.missionId, 'Rakes', a.partner.user.id);
    const gloves = await mk(a.owner.cookie, a.missionId, 'Gloves', a.collaborator.user.id);
    await mk(a.stranger.cookie, other.missionId, 'Blankets', a.partner.user.id);
    expect(
      (await api('PATCH', `/tasks/${gloves}`, a.collaborator.cookie, { status: 'done' })).statusCode,
    ).toBe(200);

    const titles = async (cookie: string, query = '') =>
      (await api('GET', `/tasks${query}`, cookie)).json().data.map((x: { title: string }) => x.title);
    expect(await titles(a.partner.cookie)).toEqual(['Blankets', 'Gloves', 'Rakes']);
    expect(await titles(a.owner.cookie)).toEqual(['Gloves', 'Rakes']);
    expect(await titles(a.collaborator.cookie, '?mine=true')).toEqual(['Gloves']);
    expect(await titles(a.partner.cookie, '?mine=true')).toEqual(['Blankets', 'Rakes']);
    expect(await titles(a.partner.cookie, '?status=done')).toEqual(['Gloves']);
    expect(await titles(a.partner.cookie, `?missionId=${other.missionId}`)).toEqual(['Blankets']);
    expect(await titles(a.owner.cookie, `?missionId=${other.missionId}`)).toEqual([]);
    expect((await api('GET', '/tasks?status=later', a.owner.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/tasks')).statusCode).toBe(401);
  });

  it('hides the tasks of a mission whose owner blocked me, and the card of someone I blocked', async () => {
    const m = await team();
    await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, {
      title: 'Signs',
      assigneeId: m.collaborator.user.id,
    });
    expect((await api('POST', `/users/${m.collaborator.user.id}/block`, m.partner.cookie)).statusCode).toBe(
      200,
    );
    expect((await api('GET', '/tasks', m.partner.cookie)).json().data).toEqual([
      expect.objectContaining({ title: 'Signs', assignee: null }),
    ]);
    expect((await api('POST', `/users/${m.partner.user.id}/block`, m.owner.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/tasks', m.partner.cookie)).json().data).toEqual([]);
    expect((await api('GET', `/missions/${m.missionId}/tasks`, m.partner.cookie)).statusCode).toBe(404);
  });
});

describe('PATCH /tasks/:taskId', () => {
  it('lets any member edit and move a task; a move tells the assignee and the owner, an edit does not', async () => {
    const m = await team();
    const task = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, {
        title: 'Posters',
        description: 'A3, colour',
        assigneeId: m.partner.user.id,
      })
    ).json().data;

    const edited = await api('PATCH', `/tasks/${task._id}`, m.collaborator.cookie, {
      title: 'Posters and flyers',
      dueDate: '2027-04-01',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Posters and flyers',
      description: 'A3, colour',
      dueDate: '2027-04-01',
      status: 'todo',
    });
    expect((await taskNotices(m.partner)).map((n) => n.typeTask)).toEqual(['task_created']);

    const moved = await api('PATCH', `/tasks/${task._id}`, m.collaborator.cookie, { status: 'in_progress' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      status: 'in_progress',
      description: 'A3, colour',
      dueDate: '2027-04-01',
    });
    const status = {
      type: 'task',
      typeTask: 'task_status_change',
      chat: m.chatId,
      message: 'moved the task Posters and flyers to In progress',
    };
    expect(await taskNotices(m.partner)).toEqual([
      expect.objectContaining(status),
      expect.objectContaining({ typeTask: 'task_created' }),
    ]);
    expect(await taskNotices(m.owner)).toEqual([expect.objectContaining(status)]);
    // The same status again is no move: nobody hears of it.
    await api('PATCH', `/tasks/${task._id}`, m.collaborator.cookie, { status: 'in_progress' });
    expect(await taskNotices(m.owner)).toHaveLength(1);

    const reassigned = await api('PATCH', `/tasks/${task._id}`, m.partner.cookie, {
      assigneeId: m.collaborator.user.id,
      dueDate: null,
    });
    expect(reassigned.json().data).toMatchObject({
      assignee: { _id: m.collaborator.user.id },
      dueDate: null,
    });
    const unassigned = await api('PATCH', `/tasks/${task._id}`, m.partner.cookie, { assigneeId: null });
    expect(unassigned.json().data.assignee).toBeNull();
  });

  it('refuses bad input and an assignee outside the mission, changing nothing', async () => {
    const m = await team();
    const task = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, { title: 'Tables' })
    ).json().data;
    const before = await taskRows(m.missionId);
    for (const body of [
      { status: 'finished' },
      { title: '' },
      { dueDate: 'soon' },
      { owner: 'me' },
      { assigneeId: m.stranger.user.id },
    ]) {
      const res = await api('PATCH', `/tasks/${task._id}`, m.partner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const outsider = await api('PATCH', `/tasks/${task._id}`, m.partner.cookie, {
      assigneeId: m.stranger.user.id,
      status: 'done',
    });
    expect(outsider.json().details).toEqual([expect.objectContaining({ path: 'assigneeId' })]);
    expect(await taskRows(m.missionId)).toEqual(before);
  });

  it('answers 401 signed out and 404 to a non-member, changing nothing', async () => {
    const m = await team();
    const task = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, { title: 'Tables' })
    ).json().data;
    const before = await taskRows(m.missionId);
    expect((await api('PATCH', `/tasks/${task._id}`, undefined, { status: 'done' })).statusCode).toBe(401);
    const res = await api('PATCH', `/tasks/${task._id}`, m.stranger.cookie, {
      status: 'done',
      title: 'Mine now',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Task not found');
    expect((await api('PATCH', `/tasks/${newId()}`, m.owner.cookie, { status: 'done' })).statusCode).toBe(
      404,
    );
    expect(await taskRows(m.missionId)).toEqual(before);
    expect(await taskNotices(m.owner)).toEqual([]);
  });
});

describe('DELETE /tasks/:taskId', () => {
  it('lets the owner, a partner or the task’s creator delete it; another collaborator gets 403', async () => {
    const m = await team();
    const by = async (p: Person) =>
      (
        await api('POST', `/missions/${m.missionId}/tasks`, p.cookie, { title: `by ${p.user.firstName}` })
      ).json().data;
    const [ownerTask, partnerTask, myTask] = [
      await by(m.owner),
      await by(m.partner),
      await by(m.collaborator),
    ];
    expect(ownerTask.can).toEqual({ edit: true, delete: true });
    const asCollaborator = (await api('GET', `/missions/${m.missionId}/tasks`, m.collaborator.cookie)).json()
      .data;
    expect(
      asCollaborator.map((x: { title: string; can: { delete: boolean } }) => [x.title, x.can.delete]),
    ).toEqual([
      ['by Cal', true],
      ['by Pia', false],
      ['by Olu', false],
    ]);

    const refused = await api('DELETE', `/tasks/${ownerTask._id}`, m.collaborator.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await api('DELETE', `/tasks/${myTask._id}`, m.collaborator.cookie)).statusCode).toBe(204);
    expect((await api('DELETE', `/tasks/${ownerTask._id}`, m.partner.cookie)).statusCode).toBe(204);
    expect((await api('DELETE', `/tasks/${partnerTask._id}`, m.owner.cookie)).statusCode).toBe(204);
    expect(await taskRows(m.missionId)).toEqual([]);
    expect((await api('DELETE', `/tasks/${partnerTask._id}`, m.owner.cookie)).statusCode).toBe(404);
  });

  it('answers 401 signed out, 400 for a bad id and 404 to a non-member, deleting nothing', async () => {
    const m = await team();
    const task = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.owner.cookie, { title: 'Tables' })
    ).json().data;
    expect((await api('DELETE', `/tasks/${task._id}`)).statusCode).toBe(401);
    expect((await api('DELETE', '/tasks/nope', m.owner.cookie)).statusCode).toBe(400);
    expect((await api('DELETE', `/tasks/${task._id}`, m.stranger.cookie)).statusCode).toBe(404);
    expect((await taskRows(m.missionId)).map((r) => r.id)).toEqual([task._id]);
  });
});

describe('the per-account budget on new tasks', () => {
  const SCALE = 0.05;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());

  it('answers 429 once an account has added its budget of tasks', async () => {
    const owner = await signedInUser(limited);
    const { missionId } = await missionOf(limited, owner);
    const call = apiCaller(limited);
    const max = Math.max(1, Math.round(TASK_BUDGET.max * SCALE));
    for (let i = 0; i < max; i++)
      expect(
        (await call('POST', `/missions/${missionId}/tasks`, owner.cookie, { title: `t${i}` })).statusCode,
      ).toBe(200);
    const refused = await call('POST', `/missions/${missionId}/tasks`, owner.cookie, {
      title: 'one too many',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(
      (await limited.db.selectFrom('tasks').select('id').where('missionId', '=', missionId).execute()).length,
    ).toBe(max);
  });
});

describe('through the missions routes', () => {
  it('lets a member who joined be assigned and see the board; once they leave, neither', async () => {
    const [owner, ana] = [
      await signedInUser(t, { firstName: 'Olu' }),
      await signedInUser(t, { firstName: 'Ana' }),
    ];
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Repair café', type: 'collaboration' })
    ).json().data._id as string;
    expect(
      (
        await api('POST', `/missions/${missionId}/tasks`, owner.cookie, {
          title: 'Soldering irons',
          assigneeId: ana.user.id,
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (await api('POST', `/missions/${missionId}/join`, ana.cookie, { role: 'collaborator' })).statusCode,
    ).toBe(200);
    const requestId = (await api('GET', '/chats/join-requests', owner.cookie)).json().data[0]._id;
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${requestId}/approve`, owner.cookie))
        .statusCode,
    ).toBe(200);
    const chatId = (await api('GET', `/missions/${missionId}`, owner.cookie)).json().data.chatId;
    const task = await api('POST', `/missions/${missionId}/tasks`, owner.cookie, {
      title: 'Soldering irons',
      assigneeId: ana.user.id,
    });
    expect(task.statusCode).toBe(200);
    expect(await taskNotices(ana)).toEqual([
      expect.objectContaining({ typeTask: 'task_created', chat: chatId }),
    ]);
    expect(chatId).toEqual(expect.any(String));
    expect(
      (await api('GET', '/tasks?mine=true', ana.cookie)).json().data.map((x: { title: string }) => x.title),
    ).toEqual(['Soldering irons']);

    expect((await api('DELETE', `/missions/${missionId}/members/me`, ana.cookie)).statusCode).toBeLessThan(
      300,
    );
    expect((await api('GET', `/missions/${missionId}/tasks`, ana.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/tasks', ana.cookie)).json().data).toEqual([]);
    expect(
      (await api('PATCH', `/tasks/${task.json().data._id}`, ana.cookie, { status: 'done' })).statusCode,
    ).toBe(404);
    expect(
      (await api('PATCH', `/tasks/${task.json().data._id}`, owner.cookie, { assigneeId: ana.user.id }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the board, live (issue 15)', () => {
  let live: ReturnType<typeof recordDeliveries>;
  beforeAll(() => {
    live = recordDeliveries(t);
  });
  const boardEvents = (p: Person) => live.of(p.user.id).filter((e) => e.type === 'task.changed');

  it('tells every member of the mission when a task is added, changed or removed, and nobody else', async () => {
    const m = await team();
    live.clear();
    const taskId = (
      await api('POST', `/missions/${m.missionId}/tasks`, m.collaborator.cookie, { title: 'Rakes' })
    ).json().data._id;
    const changed = { type: 'task.changed', data: { taskId, missionId: m.missionId } };
    for (const p of [m.owner, m.partner, m.collaborator]) expect(boardEvents(p)).toEqual([changed]);
    expect(live.of(m.stranger.user.id)).toEqual([]);

    live.clear();
    expect(
      (await api('PATCH', `/tasks/${taskId}`, m.partner.cookie, { title: 'Rakes and gloves' })).statusCode,
    ).toBe(200);
    expect((await api('PATCH', `/tasks/${taskId}`, m.partner.cookie, { status: 'done' })).statusCode).toBe(
      200,
    );
    expect((await api('DELETE', `/tasks/${taskId}`, m.owner.cookie)).statusCode).toBeLessThan(300);
    for (const p of [m.owner, m.partner, m.collaborator])
      expect(boardEvents(p)).toEqual([changed, changed, changed]);
    expect(live.of(m.stranger.user.id)).toEqual([]);
  });

  it('leaves out a member blocked either way with the owner (the mission is hidden from them)', async () => {
    const m = await team();
    await t.db
      .insertInto('blocks')
      .values({ blockerId: m.owner.user.id, blockedId: m.collaborator.user.id })
      .execute();
    live.clear();
    await api('POST', `/missions/${m.missionId}/tasks`, m.partner.cookie, { title: 'Buckets' });
    expect(boardEvents(m.partner)).toHaveLength(1);
    expect(boardEvents(m.collaborator)).toEqual([]);
  });
});
