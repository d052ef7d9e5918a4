import type { SessionUser } from '@guichet/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Loading } from '../../ui/Loading';
import { rememberRedirectAfterLogin } from '../shell/markers';

/**
 * A page for logged-in users: a visitor goes to /connexion with the spec's notice, and comes back
 * after. With `offline`, a page that works without network (the scanner) is shown when the session
 * cannot be asked for: the server checks it again when the network is back.
 */
export function RequireAuth({
  children,
  offline,
}: {
  children: (user: SessionUser) => ReactNode;
  offline?: () => ReactNode;
}) {
  const { data: user, isPending, error } = useSession();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (offline && error instanceof ApiError && error.status === 0) return offline();
  if (!user) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/connexion" replace state={{ notLoggedIn: true }} />;
  }
  return children(user);
}
