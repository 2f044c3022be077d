import { Navigate } from 'react-router';
import { VerificationPendingPage } from '../../features/auth/components/verification-pending-page';
import { paths } from '../../lib/paths';
import { useSessionQuery } from '../../lib/session';
import { useSignOutMutation } from '../../lib/sign-out';

/** "Verify your address" for a signed-in person who has not (the router's lazy `Component`). */
export function Component() {
  const user = useSessionQuery().data!;
  const signOut = useSignOutMutation();
  if (user.emailVerified) return <Navigate to={paths.home} replace />;
  return <VerificationPendingPage user={user} onSignOut={() => signOut.mutate()} />;
}
