import type { Place } from '@muster/contract/geo';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlaceFinder } from './place-finder';
import { cebuPlace as cebu } from '../../../test/places';

/**
 * The map's "find a town" asks as the composer's place field does (usePlaceSuggestions,
 * PlaceOptions, decision 085): after the pause, what the finder gives is listed; nothing found and
 * a failed search are said; Enter or a click centres the map on the place, and the box empties.
 */

function finder(find: (q: string) => Promise<Place[]>) {
  const moves: Array<[[number, number], number]> = [];
  const asked: string[] = [];
  render(
    <PlaceFinder
      findPlaces={(q) => (asked.push(q), find(q))}
      onPlace={(center, zoom) => moves.push([center, zoom])}
    />,
  );
  return { moves, asked, box: screen.getByRole('combobox', { name: 'Find a town or city on the map' }) };
}

describe('the map’s place finder', { timeout: 30_000 }, () => {
  it('lists the places found and centres the map on the one picked, by Enter or a click', async () => {
    const { moves, asked, box } = finder(async (q) => (q.startsWith('Ceb') ? [cebu] : []));
    await userEvent.type(box, 'Cebu');
    const option = await screen.findByRole('button', { name: cebu.address }, { timeout: 10_000 });
    // Asked with the words as typed (a slow machine may ask after a shorter prefix too).
    expect(asked).toContain('Cebu');
    await userEvent.click(option);
    expect(moves).toEqual([[[cebu.coordinates[1], cebu.coordinates[0]], 12]]);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.type(box, 'Cebu City');
    await screen.findByRole('button', { name: cebu.address }, { timeout: 10_000 });
    await userEvent.keyboard('{Enter}');
    expect(moves).toHaveLength(2);
  });

  it('says when no town is found', async () => {
    const nothing = finder(async () => []);
    await userEvent.type(nothing.box, 'Atlantis');
    expect(
      await screen.findByText('No town or city found by that name.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('says when the search failed', async () => {
    const { box } = finder(() => Promise.reject(new Error('offline')));
    await userEvent.type(box, 'Cebu');
    await waitFor(
      () => expect(screen.getByRole('alert')).toHaveTextContent('Unable to load location suggestions.'),
      {
        timeout: 10_000,
      },
    );
  });
});
