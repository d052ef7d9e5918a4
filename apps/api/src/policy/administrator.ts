import { fr } from '@guichet/shared';
import { AppError } from '../lib/errors';
import { can, type Viewer } from './can';

/**
 * The viewer when they administer the platform, else 403: every back-office service asks the
 * policy first, whatever the route declared.
 */
export function administrator(viewer: Viewer | null): Viewer {
  if (!viewer || !can(viewer, 'administer', null)) throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
  return viewer;
}
