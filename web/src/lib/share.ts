/**
 * Spec §4 Share: the device's share sheet with title, text and link; where there is none, or it
 * fails, the link is copied instead and an alert says so. Returns what happened.
 */
export async function shareLink(data: {
  title: string;
  text: string;
  url: string;
}): Promise<'shared' | 'copied' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The person closed the share sheet: that is their answer, not a failure to fall back from.
      if ((error as DOMException)?.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    window.alert('Link copied to clipboard');
    return 'copied';
  } catch (error) {
    console.error('Failed to copy link', error);
    return 'failed';
  }
}
