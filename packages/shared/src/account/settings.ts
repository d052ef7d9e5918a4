import { z } from 'zod';
import { ACCOUNT_NAME_MAX } from '../auth/schemas';
import { type FieldError, formText } from '../common/form';
import { requiredTextError } from '../common/required-text';
import { fr } from '../messages/fr';
import { accountFr } from '../messages/fr-account';
import { isAgeAllowed, parseIsoDate } from '../rules/age';
import { EMAIL_MAX_LENGTH, isEmailValid } from '../rules/email';
import { PASSWORD_MAX_LENGTH } from '../rules/password';
import { genders, privacyFields, travelFields } from './profile';

export const DESCRIPTION_MAX = 200;

// Generous caps against abuse; the spec's limits are checked by the rule functions with its messages.
const passwordField = formText(PASSWORD_MAX_LENGTH);

export const profileSettings = z.strictObject({
  email: formText(EMAIL_MAX_LENGTH),
  /** Asked only when the e-mail changes (issue 15: a session alone cannot take over the account). */
  currentPassword: passwordField,
  firstName: formText(200),
  lastName: formText(200),
  birthDate: formText(10),
  gender: formText(20),
  description: formText(2000),
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
  const tooLong = fr.auth.nameTooLong;
  const nameError =
    requiredTextError('firstName', input.firstName, ACCOUNT_NAME_MAX, { required: m.firstNameRequired, tooLong }) ??
    requiredTextError('lastName', input.lastName, ACCOUNT_NAME_MAX, { required: m.lastNameRequired, tooLong });
  if (nameError) return nameError;
  if (!input.birthDate || !parseIsoDate(input.birthDate)) return { field: 'birthDate', message: m.birthDateRequired };
  if (!(genders as readonly string[]).includes(input.gender)) return { field: 'gender', message: m.genderRequired };
  if (!isAgeAllowed(input.birthDate, today)) return { field: 'birthDate', message: m.ageRange };
  if (input.description.length > DESCRIPTION_MAX) return { field: 'description', message: m.descriptionTooLong };
  return null;
}

export const travelSettings = z.strictObject(travelFields);
export type TravelSettings = z.infer<typeof travelSettings>;

export const privacySettings = z.strictObject(privacyFields);
export type PrivacySettings = z.infer<typeof privacySettings>;

export const passwordChange = z.strictObject({
  currentPassword: passwordField,
  password: passwordField,
  passwordConfirmation: passwordField,
});
export type PasswordChange = z.infer<typeof passwordChange>;

export const emailChangeConfirm = z.strictObject({ code: formText(12) });

export const profileSaveResult = z.object({
  message: z.string(),
  /** The new address waiting for its code, when the e-mail was changed. */
  pendingEmail: z.string().nullable(),
});
export type ProfileSaveResult = z.infer<typeof profileSaveResult>;

export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;
