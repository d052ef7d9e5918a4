import { z } from 'zod';
import { formText } from '../common/form';
import { staffFr } from '../messages/fr-staff';
import { EMAIL_MAX_LENGTH, isEmailValid } from '../rules/email';

/** The staff of an event (2-organiser.md §2.6), shared by the console and the API. */
export const addStaffRequest = z.strictObject({ email: formText(EMAIL_MAX_LENGTH) });
export type AddStaffRequest = z.infer<typeof addStaffRequest>;

/** 'Staff add': an empty or malformed e-mail gets the spec's alert text. */
export function firstStaffEmailError(email: string): string | null {
  const trimmed = email.trim();
  return !trimmed || !isEmailValid(trimmed) ? staffFr.emailInvalid : null;
}

const staffStatus = z.enum(['admin', 'staff']);

export const staffMember = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The organiser is the event's Admin; the people they add are Staff. */
  status: staffStatus,
  scannedCount: z.number().int(),
  addedAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** One ticket scanned by a member of the staff (the detail view's list). */
export const staffScan = z.object({
  scanId: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  ticket: z.string(),
  scannedAt: z.string(),
});
export type StaffScan = z.infer<typeof staffScan>;

export type StaffScanSort = 'lastName' | 'ticket' | 'date';

const byText = new Intl.Collator('fr', { sensitivity: 'base' });

/** The detail view's orders: by last name, by ticket, or by scan date (newest first, the default). */
export function sortStaffScans(scans: readonly StaffScan[], sort: StaffScanSort): StaffScan[] {
  const byDate = (a: StaffScan, b: StaffScan) => b.scannedAt.localeCompare(a.scannedAt);
  return [...scans].sort((a, b) => {
    if (sort === 'lastName') return byText.compare(a.lastName, b.lastName) || byText.compare(a.firstName, b.firstName);
    if (sort === 'ticket') return byText.compare(a.ticket, b.ticket) || byDate(a, b);
    return byDate(a, b);
  });
}
