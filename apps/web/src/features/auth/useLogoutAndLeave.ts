import { useNavigate } from 'react-router';
import { useLogout } from '../../api/auth';
import { clearPersonalMarkers } from '../shell/markers';

/** Ends the session on the server, forgets personal markers, and goes back to the events. */
export function useLogoutAndLeave() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () => {
    clearPersonalMarkers();
    logout.mutate(undefined, { onSettled: () => navigate('/billetterie') });
  };
}
