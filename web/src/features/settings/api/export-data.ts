import { api } from '../../../lib/api-client';

/** Downloads everything Muster holds about me as a JSON file. */
export async function downloadMyData(username: string): Promise<void> {
  const { data } = await api.get<{ data: unknown }>('/users/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `muster-export-${username}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
