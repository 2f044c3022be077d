import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const admin = { ...userFixture, role: 'admin' as const };
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000c1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};
const entry = {
  _id: '01a20000-0000-7000-8000-0000000000e1',
  action: 'role.grant',
  actorName: 'Ada Okafor (@ada)',
  actorId: userFixture._id,
  subjectName: 'Kofi Boateng (@kofi)',
  subjectId: kofi._id,
  targetType: 'user',
  targetId: kofi._id,
  reason: 'Knows the valley',
  details: { from: 'member', to: 'moderator' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/moderation/staff', () => {
  it('tells a member it is for admins only', async () => {
    stubApi(signedIn());
    renderApp('/moderation/staff');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admins only' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('finds a person and makes them a moderator, asking for the reason first', async () => {
    const ada = {
      _id: userFixture._id,
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Okafor',
      headline: 'Logistics',
      profilePicture: '/avatar.png',
    };
    let staff = [{ user: ada, email: 'ada@example.org', role: 'admin' }];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/admin/staff')) return { status: 200, body: { data: staff } };
      if (url.includes('/admin/people?query=ko'))
        return { status: 200, body: { data: [{ user: kofi, email: 'kofi@example.org', role: 'member' }] } };
      if (init?.method === 'PUT' && url.endsWith(`/admin/users/${kofi._id}/role`)) {
        const person = { user: kofi, email: 'kofi@example.org', role: 'moderator' };
        staff = [...staff, person];
        return { status: 200, body: { data: { person, message: 'Kofi Boateng is now a moderator.' } } };
      }
      return signedIn(admin)(url);
    });
    renderApp('/moderation/staff');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff' }, { timeout: 20_000 }),
    ).toBeVisible();
    const list = screen.getByRole('region', { name: 'Admins and moderators' });
    expect(await within(list).findByText('ada@example.org')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Username or email'), 'ko');
    const found = await screen.findByRole('list', { name: 'People found' });
    await userEvent.click(within(found).getByRole('button', { name: 'Change the role of Kofi Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Kofi Boateng' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Moderator/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Knows the valley');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Kofi Boateng is now a moderator.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { role: 'moderator', reason: 'Knows the valley' },
    ]);
    expect(await within(list).findByText('kofi@example.org')).toBeInTheDocument();
  });
});

describe('/moderation/audit', () => {
  it('shows who did what to whom and why, and filters', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/admin/audit?subject=nobody'))
        return { status: 200, body: { data: [], meta: { nextCursor: null } } };
      if (url.includes('/admin/audit'))
        return { status: 200, body: { data: [entry], meta: { nextCursor: null } } };
      return signedIn(admin)(url);
    });
    renderApp('/moderation/audit');
    const log = await screen.findByRole('region', { name: 'Audit entries' }, { timeout: 20_000 });
    expect(await within(log).findByText('Role granted')).toBeInTheDocument();
    expect(within(log).getByText('Member → Moderator')).toBeInTheDocument();
    expect(within(log).getByText('Knows the valley')).toBeInTheDocument();
    expect(within(log).getByText(/Kofi Boateng \(@kofi\)/)).toBeInTheDocument();

    // A filter the server would refuse is said on the form, and nothing is asked.
    await userEvent.type(screen.getByLabelText('About (username)'), 'no body');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('A username uses only letters, digits and _')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('subject='))).toBe(false);

    await userEvent.clear(screen.getByLabelText('About (username)'));
    await userEvent.type(screen.getByLabelText('About (username)'), '@nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await within(log).findByText('No entries match these filters')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/admin/audit?subject=nobody'))).toBe(true);
    await userEvent.click(within(log).getByRole('button', { name: 'Clear the filters' }));
    expect(await within(log).findByText('Role granted')).toBeInTheDocument();
  });
});
