import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/auth';
import { rememberRedirectAfterLogin } from '../shell/markers';

/**
 * A block of a page that a visitor may open from a link in a mail but only a signed-in person may
 * use (a transfer to accept, a waiting-list offer to take): nothing while the session is asked
 * for, then, signed out, the way to sign in (and to register) that comes back to this page;
 * signed in, `children`. Unlike RequireAuth, the rest of the page stays readable signed out.
 */
export function SignInFirst({
  signIn,
  register,
  children,
}: {
  signIn: string;
  register?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return null;
  if (session.data) return children;
  const comeBack = () => rememberRedirectAfterLogin(location.pathname);
  return (
    <Group>
      <Button component={Link} to="/connexion" onClick={comeBack}>
        {signIn}
      </Button>
      {register && (
        <Button component={Link} to="/inscription" variant="default" onClick={comeBack}>
          {register}
        </Button>
      )}
    </Group>
  );
}
