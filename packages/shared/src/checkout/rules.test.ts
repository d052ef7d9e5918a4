import { describe, expect, it } from 'vitest';
import { checkoutFr } from '../messages/fr-checkout';
import {
  cheapestPickableOption,
  firstBuyerError,
  firstTicketStepError,
  firstVerificationCodeError,
  fitBuyerName,
  isBuyerNameCut,
  STUDY_UNDEFINED,
  type TicketStepInput,
  ticketQuantityBounds,
} from './rules';

const m = checkoutFr;
const now = new Date('2030-06-01T10:00:00Z');
const ticket = { priceCents: 1500, isSoldOut: false, isAvailable: true, minToBuy: 1, maxToBuy: 5, isMultipart: false };
const valid: TicketStepInput = {
  ticket,
  option: null,
  quantity: 2,
  refund: { enabled: false, places: 0 },
  dateMaxRefund: '2030-06-10T10:00:00Z',
  termsAccepted: true,
  now,
};
const step = (overrides: Partial<TicketStepInput>) => firstTicketStepError({ ...valid, ...overrides })?.message;

describe('ticket step', () => {
  it('passes a complete selection', () => {
    expect(firstTicketStepError(valid)).toBeNull();
    expect(step({ refund: { enabled: true, places: 2 } })).toBeUndefined();
  });

  it('checks in the spec order, the first failing rule wins', () => {
    // Everything wrong at once: the quantity comes first.
    expect(step({ quantity: 0, termsAccepted: false, ticket: { ...ticket, isSoldOut: true } })).toBe(
      m.ticketCountRequired,
    );
    expect(step({ ticket: null })).toBe(m.ticketCountRequired);
    expect(step({ ticket: { ...ticket, isSoldOut: true }, termsAccepted: false })).toBe(m.noPlaceLeft);
    expect(step({ ticket: { ...ticket, isMultipart: true }, termsAccepted: false })).toBe(m.choiceRequired);
    expect(step({ refund: { enabled: true, places: 3 }, termsAccepted: false })).toBe(m.refundPlacesInvalid);
    expect(step({ refund: { enabled: true, places: 0 } })).toBe(m.refundPlacesInvalid);
    expect(step({ refund: { enabled: true, places: 1 }, dateMaxRefund: '2030-05-01T00:00:00Z' })).toBe(
      m.refundDeadlinePassed,
    );
    expect(step({ refund: { enabled: true, places: 1 }, dateMaxRefund: null })).toBe(m.refundDeadlinePassed);
    expect(step({ termsAccepted: false, quantity: 9 })).toBe(m.termsRequired);
    expect(step({ ticket: { ...ticket, minToBuy: 3 } })).toBe(m.belowMin(3));
    expect(step({ quantity: 6 })).toBe(m.aboveMax(5));
    expect(step({ ticket: { ...ticket, maxToBuy: 1 } })).toBe(m.aboveMax(1));
  });

  it('caps a free ticket at one', () => {
    expect(ticketQuantityBounds({ priceCents: 0, minToBuy: 1, maxToBuy: 5 })).toEqual({ min: 1, max: 1 });
    expect(step({ ticket: { ...ticket, priceCents: 0 } })).toBe(m.aboveMax(1));
    expect(ticketQuantityBounds({ priceCents: 100, minToBuy: 2, maxToBuy: 10 })).toEqual({ min: 2, max: 5 });
  });

  it('checks the chosen option of a ticket with choices', () => {
    const head = { ...ticket, isMultipart: true };
    const option = { priceCents: 900, isSoldOut: false, isAvailable: true, minToBuy: 1, maxToBuy: 1 };
    expect(step({ ticket: head, option })).toBe(m.aboveMax(1));
    expect(step({ ticket: head, option, quantity: 1 })).toBeUndefined();
    expect(step({ ticket: head, option: { ...option, isSoldOut: true }, quantity: 1 })).toBe(m.noPlaceLeft);
    expect(step({ ticket: head, option: { ...option, isAvailable: false }, quantity: 1 })).toBe(m.ticketUnavailable);
  });

  it('preselects the cheapest option that can be picked', () => {
    const options = [
      { id: 'a', priceCents: 500, isSoldOut: true, isAvailable: true },
      { id: 'b', priceCents: 700, isSoldOut: false, isAvailable: false },
      { id: 'c', priceCents: 1200, isSoldOut: false, isAvailable: true },
      { id: 'd', priceCents: 900, isSoldOut: false, isAvailable: true },
    ];
    expect(cheapestPickableOption(options)?.id).toBe('d');
    expect(cheapestPickableOption(options.slice(0, 2))).toBeNull();
  });
});

describe('information step', () => {
  const buyer = { lastName: 'Martin', firstName: 'Alex', email: 'alex@exemple.fr', birthDate: '2000-01-15' };
  const check = (overrides: object, needsStudies = false) =>
    firstBuyerError({ ...buyer, ...overrides }, { needsStudies, today: '2030-06-01' })?.message;

  it('checks in the spec order', () => {
    expect(check({})).toBeUndefined();
    expect(check({ lastName: ' ', firstName: '', email: '' })).toBe(m.lastNameRequired);
    expect(check({ lastName: 'x'.repeat(23) })).toBe(m.nameTooLong);
    expect(check({ firstName: '', email: '' })).toBe(m.firstNameRequired);
    expect(check({ firstName: 'y'.repeat(23) })).toBe(m.nameTooLong);
    expect(check({ email: '', birthDate: '' })).toBe(m.emailRequired);
    expect(check({ email: 'alex@' })).toBe(m.emailInvalid);
    expect(check({ birthDate: '' })).toBe(m.ageRequired);
    expect(check({ birthDate: '2014-06-02' })).toBe(m.tooYoung);
    expect(check({ birthDate: '2014-06-01' })).toBeUndefined();
    expect(check({ birthDate: '1929-01-01' })).toBe(m.tooOld);
  });

  it("cuts an account's longer name to the form's 22 characters, never inside a character", () => {
    expect(fitBuyerName('  Marie-Christine  ')).toBe('Marie-Christine');
    const long = 'Anne-Charlotte Marie-Éléonore Joséphine Bernadette';
    expect(long.length).toBe(50);
    expect(fitBuyerName(long)).toBe('Anne-Charlotte Marie-É');
    expect(check({ firstName: fitBuyerName(long), lastName: fitBuyerName(long) })).toBeUndefined();
    // Cut before a space: no trailing space is kept.
    expect(fitBuyerName('Jean-Baptiste Emmanuel Zorg')).toBe('Jean-Baptiste Emmanuel');
    // A character written with two UTF-16 units is kept whole or left out.
    expect(fitBuyerName(`${'a'.repeat(21)}😀b`)).toBe('a'.repeat(21));
    expect(fitBuyerName(`${'a'.repeat(21)}E\u0301b`)).toBe('a'.repeat(21));
    expect(isBuyerNameCut(long)).toBe(true);
    expect(isBuyerNameCut(` ${'x'.repeat(22)} `)).toBe(false);
  });

  it('asks for studies only when the event needs them, the default meaning none', () => {
    expect(check({}, true)).toBe(m.studiesRequired);
    expect(check({ studies: STUDY_UNDEFINED }, true)).toBe(m.studiesRequired);
    expect(check({ studies: 'Droit' }, true)).toBeUndefined();
    expect(check({ studies: null }, false)).toBeUndefined();
  });
});

describe('verification code', () => {
  it('must be given', () => {
    expect(firstVerificationCodeError(' ')).toBe('Veuillez saisir le code de vérification.');
    expect(firstVerificationCodeError('123456')).toBeNull();
  });
});
