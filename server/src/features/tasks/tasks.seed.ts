import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';

const DAY = 86_400_000;

/** Boards for a few demo missions (by title), in every status; the demo person has tasks of their own. */
const boards: Array<{
  mission: string;
  tasks: Array<{
    title: string;
    description?: string;
    assignee?: string;
    status: 'todo' | 'in_progress' | 'done';
    dueInDays?: number;
    by: string;
  }>;
}> = [
  {
    mission: 'Umlazi flood recovery',
    tasks: [
      {
        title: 'Sandbag the V Section lanes',
        description: 'Six hundred bags, starting with the lanes nearest the canal.',
        assignee: 'sipho_ndlovu',
        status: 'done',
        by: DEMO_LOGIN.username,
      },
      {
        title: 'Number the parcels by street',
        assignee: 'ada_okafor',
        status: 'in_progress',
        dueInDays: 2,
        by: DEMO_LOGIN.username,
      },
      {
        title: 'Saturday shift sheet',
        description: 'Two crews of six, Malukazi first.',
        assignee: 'lena_fischer',
        status: 'in_progress',
        dueInDays: 3,
        by: 'lena_fischer',
      },
      {
        title: 'Collect the mattress list from the ward councillor',
        assignee: DEMO_LOGIN.username,
        status: 'todo',
        dueInDays: 5,
        by: 'sipho_ndlovu',
      },
      { title: 'Find a second bakkie for stoves', status: 'todo', by: DEMO_LOGIN.username },
    ],
  },
  {
    mission: 'Volunteer shift planner',
    tasks: [
      {
        title: 'Try the planner with the Durban crews',
        assignee: DEMO_LOGIN.username,
        status: 'in_progress',
        dueInDays: 7,
        by: 'lena_fischer',
      },
      {
        title: 'Export shifts to a calendar file',
        assignee: 'arjun_mehta',
        status: 'todo',
        by: 'lena_fischer',
      },
      { title: 'Sketch the sign-up screen', assignee: 'lena_fischer', status: 'done', by: 'lena_fischer' },
    ],
  },
  {
    mission: 'Volta mobile clinic week',
    tasks: [
      {
        title: 'Charge the vaccine cold box',
        assignee: 'omar_haddad',
        status: 'todo',
        dueInDays: 4,
        by: 'grace_mensah',
      },
      { title: 'Route for the eight villages', assignee: 'kwame_asante', status: 'done', by: 'grace_mensah' },
    ],
  },
];

/** Tasks on the demo missions' boards. Runs after the missions seed; a missing mission or person is skipped. */
export const tasksSeed: DemoSeed = {
  name: 'tasks',
  async run({ db }) {
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const missions = new Map(
      (await db.selectFrom('missions').select(['id', 'title']).execute()).map((m) => [m.title, m.id]),
    );
    const members = await db.selectFrom('missionMembers').select(['missionId', 'userId']).execute();
    const isMember = (missionId: string, userId: string | undefined) =>
      !!userId && members.some((m) => m.missionId === missionId && m.userId === userId);
    const today = Date.now();
    for (const board of boards) {
      const missionId = missions.get(board.mission);
      if (!missionId) continue;
      for (const [k, task] of board.tasks.entries()) {
        const by = users.get(task.by);
        if (!isMember(missionId, by)) continue;
        const assignee = task.assignee ? users.get(task.assignee) : undefined;
        const at = new Date(today - (board.tasks.length - k) * 5 * 3600_000);
        await db
          .insertInto('tasks')
          .values({
            id: newId(),
            missionId,
            title: task.title,
            description: task.description ?? '',
            assigneeId: isMember(missionId, assignee) ? assignee! : null,
            dueDate:
              task.dueInDays === undefined
                ? null
                : new Date(today + task.dueInDays * DAY).toISOString().slice(0, 10),
            status: task.status,
            createdBy: by!,
            createdAt: at,
            updatedAt: at,
          })
          .execute();
      }
    }
  },
};
