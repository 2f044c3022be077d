import { describe, expect, it } from 'vitest';
import { defaultFilters, filterQuery, radiusKmOf, readMapUrl, roundBbox, writeMapUrl } from './map-url';

describe('the map URL (decision 079)', () => {
  it('reads the defaults from an empty query, and writes nothing for them', () => {
    const state = readMapUrl(new URLSearchParams());
    expect(state).toEqual({ ...defaultFilters, view: undefined, focus: undefined });
    expect(writeMapUrl(state).toString()).toBe('');
  });

  it('round-trips filters, view and a linked item', () => {
    const query =
      'kinds=need%2Cwant&category=Power&status=open%2Cfulfilled&emergency=1&since=7&lat=10.33&lon=123.93&z=12&post=p1';
    const state = readMapUrl(new URLSearchParams(query));
    expect(state).toEqual({
      kinds: ['need', 'want'],
      category: 'Power',
      status: ['open', 'fulfilled'],
      emergency: true,
      sinceDays: 7,
      view: { center: [10.33, 123.93], zoom: 12 },
      focus: { kind: 'post', id: 'p1' },
    });
    expect(writeMapUrl(state).toString()).toBe(query);
  });

  it('falls back value by value on a hand-edited link', () => {
    const state = readMapUrl(
      new URLSearchParams('kinds=boats&status=lost&since=3&lat=95&lon=1&z=12&post=<x>'),
    );
    expect(state.kinds).toEqual(defaultFilters.kinds);
    expect(state.status).toEqual(['open']);
    expect(state.sinceDays).toBeUndefined();
    expect(state.view).toBeUndefined();
    expect(state.focus).toBeUndefined();
  });

  it('rounds a viewport outwards to a grid that follows the zoom, so a small pan keeps its key', () => {
    const a = roundBbox([123.901, 10.301, 123.961, 10.349]);
    const b = roundBbox([123.902, 10.302, 123.962, 10.348]);
    expect(a).toEqual(b);
    const [w, s, e, n] = a;
    expect(w).toBeLessThanOrEqual(123.901);
    expect(e).toBeGreaterThanOrEqual(123.961);
    expect(s).toBeLessThanOrEqual(10.301);
    expect(n).toBeGreaterThanOrEqual(10.349);
    // Never a box the API refuses: west below east, south below north, within the world.
    expect(roundBbox([179.9999, 89.9999, 180, 90])).toEqual([179.999, 89.999, 180, 90]);
  });

  it("gives the API's query: the map's and the open data's", () => {
    const q = filterQuery(
      { ...defaultFilters, kinds: ['need'], emergency: true, sinceDays: 30 },
      [1, 2, 3, 4],
    );
    expect(q.toString()).toBe('bbox=1%2C2%2C3%2C4&kinds=need&status=open&emergency=true&sinceDays=30');
    expect(filterQuery(defaultFilters, undefined).has('bbox')).toBe(false);
  });

  it('takes the circle around the viewport as an alert area', () => {
    expect(radiusKmOf([123.8, 10.2, 124.0, 10.4])).toBe(16);
  });
});
