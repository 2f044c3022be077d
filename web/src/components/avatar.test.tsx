import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../test/render';
import {
  Avatar,
  AVATAR_COLOURS,
  AVATAR_TEXT,
  avatarColour,
  avatarInitials,
  type AvatarPerson,
} from './avatar';

/** Decision 053: a person without a picture of their own is drawn as initials on a colour of their own. */

const ada: AvatarPerson = {
  _id: '01a20000-0000-7000-8000-000000000001',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  profilePicture: '/avatar.png',
};

/** WCAG 2 relative luminance of `#rrggbb` or `rgb(r, g, b)`. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(colour);
  const parts = hex ? hex.slice(1).map((h) => parseInt(h, 16)) : rgb!.slice(1).map(Number);
  const [r, g, b] = parts.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The drawn avatar's ground and letters, as the browser is told them. */
function drawn(container: HTMLElement) {
  const circle = container.querySelector<HTMLElement>('[data-initials]')!;
  return {
    circle,
    ground: circle.style.backgroundColor,
    ink: circle.querySelector('text')!.getAttribute('fill')!,
    letters: circle.querySelector('text')!.textContent,
  };
}

describe('Avatar', () => {
  it.each([
    ['the spec’s default picture', '/avatar.png'],
    ['no picture at all', ''],
  ])('draws initials, not a silhouette, for a person with %s', (_, profilePicture) => {
    const { container } = render(<Avatar person={{ ...ada, profilePicture }} className="size-11" />);
    expect(container.querySelector('img')).toBeNull();
    const { circle, letters } = drawn(container);
    expect(letters).toBe('AO');
    expect(circle).toHaveClass('size-11', 'rounded-full');
    // Beside a name it says nothing more to a screen reader, as the picture's alt="" did.
    expect(circle).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a picture of their own as it is, and their initials if it will not load', () => {
    const { container } = render(
      <Avatar person={{ ...ada, profilePicture: '/media/ada.webp' }} className="size-11" />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/ada.webp');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveClass('size-11', 'rounded-full', 'object-cover');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(drawn(container).letters).toBe('AO');
  });

  it('draws a person the page has only half of (no id, no names yet) rather than failing the page', () => {
    const { container } = render(<Avatar person={{} as AvatarPerson} className="size-8" />);
    expect(drawn(container).letters).toBe('?');
  });

  it('is named where no name stands beside it, with a picture or without', () => {
    const { rerender } = render(<Avatar person={ada} alt="Ada Okafor" />);
    expect(screen.getByRole('img', { name: 'Ada Okafor' })).toHaveAttribute('data-initials', 'AO');
    rerender(<Avatar person={{ ...ada, profilePicture: '/media/ada.webp' }} alt="Ada Okafor" />);
    expect(screen.getByRole('img', { name: 'Ada Okafor' })).toHaveAttribute('src', '/media/ada.webp');
  });

  it('keeps a person’s colour wherever and whenever they are drawn, and spreads people over the palette', () => {
    const first = drawn(render(<Avatar person={ada} className="size-5" />).container).ground;
    const again = drawn(
      render(<Avatar person={{ ...ada, firstName: 'Adaeze' }} className="size-32" />).container,
    ).ground;
    expect(first).not.toBe('');
    expect(again).toBe(first);
    // The same person in another database (another id: every demo database makes its own).
    expect(avatarColour({ ...ada, _id: '019ac000-0000-7000-8000-0000000000aa' })).toBe(avatarColour(ada));

    // Usernames as people pick them: many alike.
    const stems = ['ada', 'ada_okafor', 'river', 'mei_chen'] as const;
    const usernames = Array.from({ length: 60 }, (_, i) => `${stems[i % 4]}${i}`);
    const colours = usernames.map((username) => avatarColour({ _id: '', username }));
    expect(new Set(colours).size).toBeGreaterThanOrEqual(AVATAR_COLOURS.length - 1);
    const counts = AVATAR_COLOURS.map((c) => colours.filter((x) => x === c).length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(15);
  });

  it('writes its letters in colours that pass WCAG AA (4.5:1) on every ground', () => {
    expect(AVATAR_COLOURS.length).toBeGreaterThanOrEqual(8);
    for (const ground of AVATAR_COLOURS)
      expect(contrast(ground, AVATAR_TEXT), ground).toBeGreaterThanOrEqual(4.5);
    // And as drawn: the ground and ink the browser is given.
    for (let i = 0; i < 24; i++) {
      const person = { ...ada, username: `person_${i}` };
      const { container, unmount } = render(<Avatar person={person} />);
      const { ground, ink } = drawn(container);
      expect(contrast(ground, ink), `${ground} / ${ink}`).toBeGreaterThanOrEqual(4.5);
      unmount();
    }
  });
});

describe('avatarInitials', () => {
  const name = (firstName: string, lastName = '', username = 'someone') => ({
    firstName,
    lastName,
    username,
  });
  it.each([
    ['first and last word', name('Ada', 'Okafor'), 'AO'],
    ['the last word of several', name('Mary Ann', 'van der Berg'), 'MB'],
    ['one word', name('Cher'), 'C'],
    ['letters with accents', name('émile', 'Álvarez'), 'ÉÁ'],
    ['an accent written as its own mark', name('E\u0301mile', 'Zola'), 'E\u0301Z'],
    ['a script without capitals', name('李', '小龙'), '李小'],
    ['a right-to-left script', name('عمر', 'حداد'), 'عح'],
    ['Cyrillic', name('ольга', 'петрова'), 'ОП'],
    ['an emoji', name('🌊', 'Wave'), '🌊W'],
    ['an emoji made of several', name('👩‍👩‍👧', 'Family'), '👩‍👩‍👧F'],
    ['quotes and brackets', name('"Bob"', '(Smith)'), 'BS'],
    ['no name: the username’s words', name('', '', 'ada_okafor'), 'AO'],
    ['no name: a one-word username', name(' ', '', 'river'), 'R'],
    ['nothing to read', name('', '', '__'), '?'],
  ])('%s', (_, person, expected) => {
    expect(avatarInitials(person)).toBe(expected);
  });
});

it('draws a signed-in person without a picture by their initials in the top bar and on the home feed', async () => {
  stubApi(signedIn());
  renderApp('/');
  const menu = await screen.findByRole('button', { name: 'Profile menu' });
  expect(menu.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AO');
  const composer = await screen.findByRole('region', { name: 'Create a post' });
  expect(within(composer).getByText('AO')).toBeInTheDocument();
  // Nowhere is the spec's default silhouette shown.
  expect(document.querySelector(`img[src="${userFixture.profilePicture}"]`)).toBeNull();
});
