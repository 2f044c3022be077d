import { AlertsPage } from '../../features/alerts/components/alerts-page';
import { placeField } from './mission-place-field';

/** /settings/alerts, with the posts feature's place search handed in (features never import each other). */
export default function AlertsSettingsPage() {
  return <AlertsPage placeField={placeField} />;
}
