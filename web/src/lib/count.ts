/** '1 connection', '3 connections', '0 mutual connections': a count with its noun, plural when not 1. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
