import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share';

const data = { title: 'Generator needed', text: 'Can you help?', url: 'http://localhost/posts/p1' };

/** A device whose share sheet answers `share`, with a clipboard and an alert to watch. */
function device(share: (() => Promise<void>) | undefined) {
  const writeText = vi.fn(async (_text: string) => {});
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  return { writeText, alert };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shareLink (spec §4 Share)', () => {
  it('uses the share sheet with title, text and link, and copies nothing when it shares', async () => {
    const share = vi.fn(async () => {});
    const { writeText, alert } = device(share);
    expect(await shareLink(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  // Cancelling the sheet (AbortError) is one of the ways it fails: the spec copies for every one.
  it.each([
    ['the sheet is cancelled', new DOMException('Share canceled', 'AbortError')],
    ['sharing is not allowed', new DOMException('Permission denied', 'NotAllowedError')],
    ['the data cannot be shared', new TypeError('Invalid URL')],
  ])('copies the link and says so when %s', async (_case, error) => {
    const { writeText, alert } = device(() => Promise.reject(error));
    expect(await shareLink(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard');
  });

  it('copies the link when the device has no share sheet', async () => {
    const { writeText, alert } = device(undefined);
    expect(await shareLink(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard');
  });

  it('logs a failed copy and shows nothing (spec: clipboard copy failure is logged only)', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await shareLink(data)).toBe('failed');
    expect(alert).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });
});
