import { describe, expect, it } from 'vitest';
import { fr } from '../messages/fr';
import { firstRegistrationError, type RegisterRequest } from './schemas';

const valid: RegisterRequest = {
  email: 'lea@example.fr',
  firstName: 'Léa',
  lastName: 'Martin',
  birthDate: '2000-03-14',
  password: 'Abcdefg1',
  passwordConfirmation: 'Abcdefg1',
  newsletter: false,
  acceptTerms: true,
};
const today = '2026-11-22';

describe('registration checks, in the spec order', () => {
  it.each<[Partial<RegisterRequest>, string]>([
    [{ email: '' }, fr.auth.emailRequired],
    [{ email: 'lea@' }, fr.auth.emailInvalid],
    [{ firstName: ' ' }, fr.auth.firstNameRequired],
    [{ lastName: '' }, fr.auth.lastNameRequired],
    [{ birthDate: '' }, fr.auth.birthDateRequired],
    [{ birthDate: '2015-01-01' }, fr.auth.birthDateRange],
    [{ birthDate: '1900-01-01' }, fr.auth.birthDateRange],
    [{ password: '' }, fr.auth.passwordRequired],
    [{ passwordConfirmation: '' }, fr.auth.passwordConfirmationRequired],
    [{ passwordConfirmation: 'Abcdefg2' }, fr.auth.passwordMismatch],
    [{ password: 'abcdefg1', passwordConfirmation: 'abcdefg1' }, fr.auth.passwordInvalid],
    [{ acceptTerms: false }, fr.auth.termsRequired],
  ])('%o → %s', (change, message) => {
    expect(firstRegistrationError({ ...valid, ...change }, today)?.message).toBe(message);
  });

  it('reports the first failing rule when several fail', () => {
    expect(firstRegistrationError({ ...valid, firstName: '', acceptTerms: false }, today)?.message).toBe(
      fr.auth.firstNameRequired,
    );
  });

  it('accepts a complete form', () => {
    expect(firstRegistrationError(valid, today)).toBeNull();
  });
});
