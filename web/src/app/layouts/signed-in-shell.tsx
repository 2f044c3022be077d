import { useSessionQuery } from '../../lib/session';
import { useSignOutMutation } from '../../lib/sign-out';
import { AppShell } from './app-shell';

/** The shell as the router loads it (its lazy `Component`): the signed-in person, and Sign Out. */
export function Component() {
  const signOut = useSignOutMutation();
  return <AppShell user={useSessionQuery().data!} onSignOut={() => signOut.mutate()} />;
}
