import { describe, expect, it } from 'vitest';
import { fr } from '../messages/fr';
import { firstPasswordError, isPasswordValid, passwordStrength } from './password';

describe('password complexity', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false], // 7 characters
    ['abcdefg1', false], // no uppercase
    ['ABCDEFG1', false], // no lowercase
    ['Abcdefgh', false], // no digit
    ['Abcdef!1', true], // special characters are optional but allowed
    ['Abcdef%1', false],
    ['Abcdef^1', false],
    ['Abcd[ef1', false],
    ['Abcd]ef1', false],
    ['Abcd{ef1', false],
    ['Abcd}ef1', false],
    ['Abcd|ef1', false],
    ['Abcd ef1', false], // spaces are not allowed
  ])('%s → %s', (password, valid) => {
    expect(isPasswordValid(password)).toBe(valid);
  });
});

describe('password strength indicator', () => {
  it.each([
    ['Ab1', 'tooShort'],
    ['abcde', 'tooShort'],
    ['abcdef', 'weak'], // score 0
    ['abcdefgh', 'weak'], // length only: 1
    ['Abcdefgh', 'good'], // length + mixed case: 2
    ['Abcdefg1', 'strong'], // length + case + digits: 3
    ['abc12!', 'good'], // digits + one special: 2
    ['Abcdefg1!?', 'strong'], // 5
  ])('%s → %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('password checks order', () => {
  it('reports required, confirmation, match, then complexity', () => {
    expect(firstPasswordError('', '')).toBe(fr.auth.passwordRequired);
    expect(firstPasswordError('abc', '')).toBe(fr.auth.passwordConfirmationRequired);
    expect(firstPasswordError('abc', 'abd')).toBe(fr.auth.passwordMismatch);
    expect(firstPasswordError('abc', 'abc')).toBe(fr.auth.passwordInvalid);
    expect(firstPasswordError('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});
