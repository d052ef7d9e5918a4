import type { FieldError } from '../common/form';
import { waitingRoomFr } from '../messages/fr-waiting-room';

/**
 * The waiting room's admission rule (issue 17), shared by the API and the bench: a leaky bucket
 * that needs no worker. From the opening, `rate` buyers a minute are let through in arrival
 * order, so the number admitted so far is a function of the clock alone, and a buyer at
 * position p (0-based) is admitted once that number exceeds p.
 */
export const MAX_ADMISSION_PER_MINUTE = 60_000;

export type RoomSettings = { onsaleAt: Date | null; admissionPerMinute: number | null; dateEnd: Date };

/** The room applies while both settings are set and the event is not over. */
export function isRoomActive(settings: RoomSettings, now: Date): boolean {
  return settings.onsaleAt !== null && settings.admissionPerMinute !== null && now < settings.dateEnd;
}

/** How many buyers the room has let through by `now`: none before the opening. */
export function admittedCount(onsaleAt: Date, perMinute: number, now: Date): number {
  const elapsed = now.getTime() - onsaleAt.getTime();
  if (elapsed < 0) return 0;
  // +1: the first buyer enters at the opening itself, not one interval later.
  return Math.floor((elapsed * perMinute) / 60_000) + 1;
}

/** Seconds until the buyer at `position` is admitted (0 when already). */
export function secondsUntilAdmitted(onsaleAt: Date, perMinute: number, position: number, now: Date): number {
  const admittedAt = onsaleAt.getTime() + Math.ceil((position * 60_000) / perMinute);
  return Math.max(0, Math.ceil((admittedAt - now.getTime()) / 1000));
}

/** The organiser's settings: both or neither, a real date before the end, a whole rate in bounds. */
export function firstRoomSettingsError(
  input: { onsaleAt: string | null; admissionPerMinute: number | null },
  dateEnd: string,
): FieldError<'onsaleAt' | 'admissionPerMinute'> | null {
  const messages = waitingRoomFr.settings;
  if (input.onsaleAt === null && input.admissionPerMinute === null) return null;
  const onsale = input.onsaleAt ? new Date(input.onsaleAt) : null;
  if (!onsale || Number.isNaN(onsale.getTime())) return { field: 'onsaleAt', message: messages.onsaleRequired };
  if (onsale >= new Date(dateEnd)) return { field: 'onsaleAt', message: messages.onsaleAfterEnd };
  const rate = input.admissionPerMinute;
  if (rate === null || !Number.isInteger(rate) || rate < 1 || rate > MAX_ADMISSION_PER_MINUTE) {
    return { field: 'admissionPerMinute', message: messages.rateInvalid };
  }
  return null;
}
