import type { AlertDraft } from '../features/alerts/place-field';
import { SaveAlertButton } from '../features/alerts/components/save-alert-button';
import { placeField } from './routes/mission-place-field';

/**
 * "Get alerts like this" with the posts feature's place search handed in (features never import
 * each other): the search page offers it, and the map page's slot can (issue 37).
 */
export function SaveAlertWithPlace({ draft }: { draft: AlertDraft }) {
  return <SaveAlertButton draft={draft} placeField={placeField} />;
}
