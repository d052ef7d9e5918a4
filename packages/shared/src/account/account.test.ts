import { describe, expect, it } from 'vitest';
import { accountFr } from '../messages/fr-account';
import { contactSubjectOf, firstContactError } from './contact';
import { historyTypeFromRoute } from './history';
import { refundStateOf } from './refund';
import { firstProfileSettingsError } from './settings';

const today = '2026-06-15';
const profile = {
  email: 'noe@exemple.fr',
  currentPassword: '',
  firstName: 'Noé',
  lastName: 'Bernard',
  birthDate: '2000-01-01',
  gender: 'undefined',
  description: '',
};

describe('settings profile rules', () => {
  it('accepts a complete profile', () => {
    expect(firstProfileSettingsError(profile, today)).toBeNull();
  });

  it('reports in the spec order: email, first name, last name, birth date, gender, age', () => {
    const empty = {
      email: '',
      currentPassword: '',
      firstName: '',
      lastName: '',
      birthDate: '',
      gender: '',
      description: '',
    };
    expect(firstProfileSettingsError(empty, today)?.message).toBe(accountFr.settings.emailRequired);
    expect(firstProfileSettingsError({ ...empty, email: 'a@b.fr' }, today)?.message).toBe(
      accountFr.settings.firstNameRequired,
    );
    expect(firstProfileSettingsError({ ...profile, lastName: '' }, today)?.field).toBe('lastName');
    expect(firstProfileSettingsError({ ...profile, gender: '', birthDate: '2020-01-01' }, today)?.message).toBe(
      accountFr.settings.genderRequired,
    );
    expect(firstProfileSettingsError({ ...profile, birthDate: '2010-06-16' }, today)?.message).toBe(
      accountFr.settings.ageRange,
    );
    expect(firstProfileSettingsError({ ...profile, birthDate: '2010-06-15' }, today)).toBeNull();
    expect(firstProfileSettingsError({ ...profile, description: 'x'.repeat(201) }, today)?.message).toBe(
      accountFr.settings.descriptionTooLong,
    );
  });
});

describe('contact rules', () => {
  const message = {
    firstName: 'Inès',
    lastName: 'Moreau',
    email: 'ines@exemple.fr',
    subject: 'refund',
    message: 'Bonjour',
  };

  it('accepts a complete message, with a subject key or its label', () => {
    expect(firstContactError(message)).toBeNull();
    expect(firstContactError({ ...message, subject: 'Demande de remboursement' })).toBeNull();
    expect(contactSubjectOf('autres')).toBe('other');
    expect(contactSubjectOf('nope')).toBeNull();
  });

  it('reports nom before prénom, then email, objet, message', () => {
    const blank = { firstName: '', lastName: '', email: '', subject: '', message: '' };
    expect(firstContactError(blank)?.message).toBe(accountFr.contact.lastNameRequired);
    expect(firstContactError({ ...blank, lastName: 'M' })?.message).toBe(accountFr.contact.firstNameRequired);
    expect(firstContactError({ ...message, email: '' })?.message).toBe(accountFr.contact.emailRequired);
    expect(firstContactError({ ...message, subject: '' })?.message).toBe(accountFr.contact.subjectRequired);
    expect(firstContactError({ ...message, message: ' ' })?.message).toBe(accountFr.contact.messageRequired);
    expect(firstContactError({ ...message, message: 'x'.repeat(601) })?.field).toBe('message');
  });
});

describe('history route types', () => {
  it('reads the French path segments', () => {
    expect(historyTypeFromRoute('passés')).toBe('past');
    expect(historyTypeFromRoute('organisés')).toBe('organized');
    expect(historyTypeFromRoute('organises')).toBe('organized');
    expect(historyTypeFromRoute('past')).toBe('past');
    expect(historyTypeFromRoute('organized')).toBe('organized');
    expect(historyTypeFromRoute('organised')).toBe('organized');
    expect(historyTypeFromRoute('favoris')).toBeNull();
  });
});

describe('refund state of a ticket card', () => {
  const card = {
    refundPlaces: 2,
    refundRequested: false,
    dateMaxRefund: '2026-06-20T22:00:00.000Z',
    dateBegin: '2026-06-25T18:00:00.000Z',
  };
  const at = (iso: string) => new Date(iso);

  it('is available until the refund date, then past', () => {
    expect(refundStateOf(card, at('2026-06-20T21:59:59.000Z'))).toBe('available');
    expect(refundStateOf(card, at('2026-06-20T22:00:01.000Z'))).toBe('deadlinePassed');
  });

  it('falls back on the start when the event has no refund date', () => {
    const noDate = { ...card, dateMaxRefund: null };
    expect(refundStateOf(noDate, at('2026-06-24T00:00:00.000Z'))).toBe('available');
    expect(refundStateOf(noDate, at('2026-06-25T18:00:01.000Z'))).toBe('deadlinePassed');
  });

  it('says a request was made before checking the date, and nothing without refund places', () => {
    expect(refundStateOf({ ...card, refundRequested: true }, at('2026-07-01T00:00:00.000Z'))).toBe('requested');
    expect(refundStateOf({ ...card, refundPlaces: 0 }, at('2026-06-01T00:00:00.000Z'))).toBe('notRefundable');
  });
});
