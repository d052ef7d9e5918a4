import { z } from 'zod';
import { type FieldError, formText } from '../common/form';
import { fr } from '../messages/fr';
import { isAgeAllowed, parseIsoDate } from '../rules/age';
import { EMAIL_MAX_LENGTH, isEmailValid } from '../rules/email';
import { firstPasswordError, PASSWORD_MAX_LENGTH } from '../rules/password';

/** An account's first and last names: 50 characters each (docs/decisions.md: 22 on a ticket). */
export const ACCOUNT_NAME_MAX = 50;

const name = z.string().max(ACCOUNT_NAME_MAX, fr.auth.nameTooLong).default('');

const emailField = formText(EMAIL_MAX_LENGTH);
const passwordField = formText(PASSWORD_MAX_LENGTH);

export const registerRequest = z.strictObject({
  email: emailField,
  firstName: name,
  lastName: name,
  birthDate: formText(10),
  password: passwordField,
  passwordConfirmation: passwordField,
  newsletter: z.boolean().default(false),
  acceptTerms: z.boolean().default(false),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The registration checks, in the spec's order; the first failing one is reported. */
export function firstRegistrationError(
  input: RegisterRequest,
  today?: string,
): FieldError<keyof RegisterRequest> | null {
  const email = input.email.trim();
  if (!email) return { field: 'email', message: fr.auth.emailRequired };
  if (!isEmailValid(email)) return { field: 'email', message: fr.auth.emailInvalid };
  if (!input.firstName.trim()) return { field: 'firstName', message: fr.auth.firstNameRequired };
  if (!input.lastName.trim()) return { field: 'lastName', message: fr.auth.lastNameRequired };
  if (!input.birthDate || !parseIsoDate(input.birthDate)) {
    return { field: 'birthDate', message: fr.auth.birthDateRequired };
  }
  if (!isAgeAllowed(input.birthDate, today)) return { field: 'birthDate', message: fr.auth.birthDateRange };
  const passwordError = firstPasswordError(input.password, input.passwordConfirmation);
  if (passwordError) {
    const field = !input.password ? 'password' : 'passwordConfirmation';
    return { field: passwordError === fr.auth.passwordInvalid ? 'password' : field, message: passwordError };
  }
  if (!input.acceptTerms) return { field: 'acceptTerms', message: fr.auth.termsRequired };
  return null;
}

export const loginRequest = z.strictObject({
  email: emailField,
  password: passwordField,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export function firstLoginError(input: LoginRequest): FieldError<keyof LoginRequest> | null {
  if (!input.email.trim()) return { field: 'email', message: fr.auth.emailRequired };
  if (!input.password) return { field: 'password', message: fr.auth.passwordRequired };
  return null;
}

export const passwordResetRequest = z.strictObject({ email: emailField });

export const passwordResetCodeCheck = z.strictObject({
  email: emailField,
  code: formText(12),
});
export type PasswordResetCodeCheck = z.infer<typeof passwordResetCodeCheck>;

export const passwordResetConfirm = z.strictObject({
  email: emailField,
  code: formText(12),
  password: passwordField,
  passwordConfirmation: passwordField,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  mustAcceptTerms: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
