import type { HiddenPerson } from '@muster/contract/safety';
import { presentCard } from '../../social/social.present.js';
import type { HiddenRow } from './safety.queries.js';

export function presentHiddenPerson(row: HiddenRow): HiddenPerson {
  return { user: presentCard(row), since: row.since.toISOString() };
}
