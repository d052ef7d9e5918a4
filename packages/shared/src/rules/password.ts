import { fr } from '../messages/fr';

/** 1-attendee.md §5, §9: at least 8 characters; the strength indicator says 'Trop court' under 6. */
const PASSWORD_MIN_LENGTH = 8;
const STRENGTH_MIN_LENGTH = 6;

/** A cap against abuse on what a password field takes; the rule itself is the spec's. */
export const PASSWORD_MAX_LENGTH = 128;

const forbiddenCharacters = /[%^[\]{}|\s]/;
const specialCharacter = /[^A-Za-z0-9]/g;

/** True when the password meets the complexity rule of the spec. */
export function isPasswordValid(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    !forbiddenCharacters.test(password)
  );
}

type PasswordStrength = 'tooShort' | 'weak' | 'good' | 'strong';

/** Strength indicator: under 6 characters is too short; otherwise a 0–5 score. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < STRENGTH_MIN_LENGTH) return 'tooShort';
  const specials = password.match(specialCharacter)?.length ?? 0;
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/[A-Za-z]/.test(password) && /[0-9]/.test(password)) score++;
  if (specials >= 1) score++;
  if (specials >= 2) score++;
  if (score < 2) return 'weak';
  return score === 2 ? 'good' : 'strong';
}

export const passwordStrengthLabel: Record<PasswordStrength, string> = {
  tooShort: fr.auth.strengthTooShort,
  weak: fr.auth.strengthWeak,
  good: fr.auth.strengthGood,
  strong: fr.auth.strengthStrong,
};

/** The password, confirmation, match and complexity checks, in the spec's order. */
export function firstPasswordError(password: string, confirmation: string): string | null {
  if (!password) return fr.auth.passwordRequired;
  if (!confirmation) return fr.auth.passwordConfirmationRequired;
  if (password !== confirmation) return fr.auth.passwordMismatch;
  if (!isPasswordValid(password)) return fr.auth.passwordInvalid;
  return null;
}
