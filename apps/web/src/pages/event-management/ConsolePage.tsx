import { consoleFr, type SessionUser } from '@guichet/shared';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { toast } from '../../ui/toast';
import { ConsoleLayout } from './ConsoleLayout';

/**
 * The organiser console, in its own tab without the common header and footer (2-organiser.md §2.3).
 * A visitor goes to /connexion; a user who is neither verified nor administrator to /billetterie (§2.4).
 */
export default function ConsolePage() {
  return <RequireAuth>{(user) => (canUseConsole(user) ? <ConsoleLayout user={user} /> : <Refused />)}</RequireAuth>;
}

const canUseConsole = (user: SessionUser) => user.isVerified || user.isAdmin;

function Refused() {
  useEffect(() => {
    // A fixed id: the toast is shown once even when the effect runs twice.
    toast(consoleFr.forbidden, 'error', 'console-forbidden');
  }, []);
  return <Navigate to="/billetterie" replace />;
}
