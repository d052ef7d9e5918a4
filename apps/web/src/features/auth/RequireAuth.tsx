import type { SessionUser } from '@guichet/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../api/auth';
import { PageLoader } from '../../app/Layout';
import { rememberRedirectAfterLogin } from '../shell/markers';

/** A page for logged-in users: a visitor goes to /connexion with the spec's notice, and comes back after. */
export function RequireAuth({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!user) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/connexion" replace state={{ notLoggedIn: true }} />;
  }
  return children(user);
}
