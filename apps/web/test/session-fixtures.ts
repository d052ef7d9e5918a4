import type { SessionUser } from '@guichet/shared';

/** A signed-in account, verified, as `GET /auth/session` gives it. */
export const sessionUser = (extra: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u-1',
  email: 'zoe@exemple.fr',
  firstName: 'Zoé',
  lastName: 'Lefèvre',
  birthDate: '2000-02-29',
  isVerified: true,
  isAdmin: false,
  mustAcceptTerms: false,
  ...extra,
});
