import { z } from 'zod';
import { formText } from '../common/form';
import { staffFr } from '../messages/fr-staff';
import { EMAIL_MAX_LENGTH, isEmailValid } from '../rules/email';

/** The staff of an event (2-organiser.md §2.6), shared by the console and the API. */
/** Scanner: scans only (the default); box office: scans and sells at the door, sees their own door sales. */
export const staffRole = z.enum(['scanner', 'box-office']);
export type StaffRole = z.infer<typeof staffRole>;

export const addStaffRequest = z.strictObject({ email: formText(EMAIL_MAX_LENGTH), role: staffRole.optional() });
export type AddStaffRequest = z.infer<typeof addStaffRequest>;

export const changeStaffRoleRequest = z.strictObject({ role: staffRole });
export type ChangeStaffRoleRequest = z.infer<typeof changeStaffRoleRequest>;

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
  /**
   * 2-organiser.md §2.6's label: Admin for the organiser and for a box-office member (a staff
   * member who can modify: they sell at the door), Staff for a scanner.
   */
  status: staffStatus,
  /** The organiser has none: their rights are not a staff role's. */
  role: staffRole.nullable(),
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
