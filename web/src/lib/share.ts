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
    } catch {
      // Spec §4 Share: if the share feature "fails" the link is copied. A closed sheet rejects with
      // AbortError like any other failure, and the spec makes no exception for it: the person who
      // changed their mind still has the link to paste (decision 048).
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
