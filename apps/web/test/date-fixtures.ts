import type { ConsoleEventDate } from '@guichet/shared';

/** A date of an event of several (issue 32) as the console lists it: on sale, two hours long. */
export const consoleDate = (
  id: string,
  dateBegin: string,
  extra: Partial<ConsoleEventDate> = {},
): ConsoleEventDate => ({
  id,
  dateBegin,
  dateEnd: new Date(new Date(dateBegin).getTime() + 2 * 3600_000).toISOString(),
  dateMaxRefund: null,
  placesLeft: null,
  status: 'onsale',
  movedFrom: null,
  capacity: null,
  sold: 0,
  held: 0,
  checkedIn: 0,
  ...extra,
});
