import { ticketsFr } from '../messages/fr-tickets';

/** A place's holder (issue 30): first and last name, 100 characters each once trimmed. */
export const HOLDER_NAME_MAX = 100;

export type PlaceHolder = { firstName: string; lastName: string };

const m = ticketsFr.holders;

/** The holder as stored: each part trimmed. */
export function trimmedHolder(holder: PlaceHolder): PlaceHolder {
  return { firstName: holder.firstName.trim(), lastName: holder.lastName.trim() };
}

/** What is wrong with a holder, first field first (the booking form and the server ask the same). */
export function holderIssue(holder: PlaceHolder): { field: keyof PlaceHolder; message: string } | null {
  const { firstName, lastName } = trimmedHolder(holder);
  if (!firstName) return { field: 'firstName', message: m.firstNameRequired };
  if (firstName.length > HOLDER_NAME_MAX) return { field: 'firstName', message: m.tooLong(HOLDER_NAME_MAX) };
  if (!lastName) return { field: 'lastName', message: m.lastNameRequired };
  if (lastName.length > HOLDER_NAME_MAX) return { field: 'lastName', message: m.tooLong(HOLDER_NAME_MAX) };
  return null;
}

/** A holder's field, by its place: `holders` for the list itself, else `holders.<place>.<field>`. */
export type HoldersField = 'holders' | `holders.${number}.${keyof PlaceHolder}`;

/**
 * What is wrong with the holders of `quantity` places, one each in order, first place first: the
 * same rule for a booking and a sale at the door (issue 30), in the form and on the server.
 */
export function holdersIssue(
  holders: PlaceHolder[] | undefined,
  quantity: number,
): { field: HoldersField; message: string } | null {
  const list = holders ?? [];
  if (list.length !== quantity) return { field: 'holders', message: m.oneHolderPerPlace };
  for (const [place, holder] of list.entries()) {
    const issue = holderIssue(holder);
    if (issue) return { field: `holders.${place}.${issue.field}`, message: issue.message };
  }
  return null;
}
