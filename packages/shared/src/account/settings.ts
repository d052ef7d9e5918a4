import { z } from 'zod';
import { ACCOUNT_NAME_MAX, type FieldError } from '../auth/schemas';
import { fr } from '../messages/fr';
import { accountFr } from '../messages/fr-account';
import { isAgeAllowed, parseIsoDate } from '../rules/age';
import { isEmailValid } from '../rules/email';
import { genders } from './profile';

export const DESCRIPTION_MAX = 200;

// Generous caps against abuse; the spec's limits are checked by the rule functions with its messages.
const field = (max: number) => z.string().max(max).default('');

export const profileSettings = z.strictObject({
  email: field(254),
  /** Asked only when the e-mail changes (issue 15: a session alone cannot take over the account). */
  currentPassword: field(128),
  firstName: field(200),
  lastName: field(200),
  birthDate: field(10),
  gender: field(20),
  description: field(2000),
});
export type ProfileSettings = z.infer<typeof profileSettings>;

const m = accountFr.settings;

/** The settings profile checks, in the spec's order; the first failing one is reported. */
export function firstProfileSettingsError(
  input: ProfileSettings,
  today?: string,
): FieldError<keyof ProfileSettings> | null {
  const email = input.email.trim();
  if (!email) return { field: 'email', message: m.emailRequired };
  if (!isEmailValid(email)) return { field: 'email', message: fr.auth.emailInvalid };
  if (!input.firstName.trim()) return { field: 'firstName', message: m.firstNameRequired };
  if (input.firstName.trim().length > ACCOUNT_NAME_MAX) return { field: 'firstName', message: fr.auth.nameTooLong };
  if (!input.lastName.trim()) return { field: 'lastName', message: m.lastNameRequired };
  if (input.lastName.trim().length > ACCOUNT_NAME_MAX) return { field: 'lastName', message: fr.auth.nameTooLong };
  if (!input.birthDate || !parseIsoDate(input.birthDate)) return { field: 'birthDate', message: m.birthDateRequired };
  if (!(genders as readonly string[]).includes(input.gender)) return { field: 'gender', message: m.genderRequired };
  if (!isAgeAllowed(input.birthDate, today)) return { field: 'birthDate', message: m.ageRange };
  if (input.description.length > DESCRIPTION_MAX) return { field: 'description', message: m.descriptionTooLong };
  return null;
}

export const travelSettings = z.strictObject({
  byCar: z.boolean(),
  byFoot: z.boolean(),
  byCommon: z.boolean(),
  byMotorcycle: z.boolean(),
});
export type TravelSettings = z.infer<typeof travelSettings>;

export const privacySettings = z.strictObject({
  showEmail: z.boolean(),
  isPublic: z.boolean(),
  newsletter: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettings>;

export const passwordChange = z.strictObject({
  currentPassword: field(128),
  password: field(128),
  passwordConfirmation: field(128),
});
export type PasswordChange = z.infer<typeof passwordChange>;

export const emailChangeConfirm = z.strictObject({ code: field(12) });
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirm>;

export const profileSaveResult = z.object({
  message: z.string(),
  /** The new address waiting for its code, when the e-mail was changed. */
  pendingEmail: z.string().nullable(),
});
export type ProfileSaveResult = z.infer<typeof profileSaveResult>;

export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;
