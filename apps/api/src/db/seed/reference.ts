import type { Database } from '../client';
import { eventTypes } from '../schema';
import { ensureShopCatalogue } from './shop-catalogue';

/** Event categories: reference data that every deployment has, production included. */
const EVENT_TYPES = [
  'Soirée',
  'Concert',
  'Festival',
  'Gala',
  'Sport',
  'Spectacle',
  'Conférence',
  'Exposition',
  'Salon',
  'Atelier',
  'Afterwork',
  'Autre',
] as const;

export async function ensureReferenceData(db: Database): Promise<void> {
  await db
    .insert(eventTypes)
    .values(EVENT_TYPES.map((label, position) => ({ label, position })))
    .onConflictDoNothing({ target: eventTypes.label });
  await ensureShopCatalogue(db);
}
