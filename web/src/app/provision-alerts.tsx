import { lazy, Suspense } from 'react';
import { ProvisionAlertProvider, type ProvisionAlertProps } from '../lib/provision-alert-slot';

// Loaded with the first own provision a card shows: most cards are not one.
const NeedsNearThisButton = lazy(() =>
  import('../features/alerts/components/needs-near-this-button').then((m) => ({
    default: m.NeedsNearThisButton,
  })),
);

const render = (props: ProvisionAlertProps) => (
  <Suspense fallback={null}>
    <NeedsNearThisButton {...props} />
  </Suspense>
);

/** The alerts feature's "Needs near this", for the post card's own provisions (decision 080). */
export function ProvisionAlerts({ children }: { children: React.ReactNode }) {
  return <ProvisionAlertProvider render={render}>{children}</ProvisionAlertProvider>;
}
