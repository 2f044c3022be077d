import { createContext, useContext } from 'react';

/** What the post card hands the alerts feature's "Needs near this" (decision 080). */
export type ProvisionAlertProps = { postId: string; className: string };
type Render = (props: ProvisionAlertProps) => React.ReactNode;
const Slot = createContext<Render | null>(null);

/**
 * The author of a provision can have it matched against new needs around it ("Tell me about needs
 * near this", issue 37 item 2): the post card shows the alerts feature's button, which no feature
 * may import, so app/ hands it in here (as it does the offer form, lib/offer-form-slot.tsx).
 */
export function ProvisionAlertProvider({ render, children }: { render: Render; children: React.ReactNode }) {
  return <Slot.Provider value={render}>{children}</Slot.Provider>;
}

/** The button, as app/ handed it in; nothing where none was (a page outside the signed-in shell). */
export function ProvisionAlertSlot(props: ProvisionAlertProps) {
  const render = useContext(Slot);
  return render ? render(props) : null;
}
