import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MissionsHub } from './missions-hub';

const chips = [
  ['Start a mission', '/create-mission'],
  ['Followed missions', '/followed-missions'],
  ['Tasks', '/tasks'],
  ['Requests', '/requests'],
  ['Partners', '/partners'],
  ['Collaborators', '/collaborators'],
];

function renderHub() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <MissionsHub /> }], { initialEntries: ['/chats'] })}
    />,
  );
  return screen.getByRole('navigation', { name: 'Missions' });
}

describe('missions hub', () => {
  it('links every mission page, each reachable with Tab in order', async () => {
    const nav = renderHub();
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual(chips);
    for (const link of links) {
      await userEvent.tab();
      expect(link).toHaveFocus();
    }
  });

  // That every chip shows whole at 375 px is measured in a real browser: e2e accounts.spec.ts, 'accounts at 375 px'.
});
