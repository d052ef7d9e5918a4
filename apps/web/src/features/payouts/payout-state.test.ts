import { describe, expect, it } from 'vitest';
import { eventPayouts } from '../../../test/payout-fixtures';
import { payoutState } from './payout-state';

const END = '2026-08-12T21:00:00.000Z';
const BEFORE = Date.parse('2026-08-01T10:00:00Z');
const AFTER = Date.parse('2026-08-13T10:00:00Z');

describe('the payout panel’s words', () => {
  it('says from which day a payout can be asked, before the end without an advance', () => {
    const state = payoutState(eventPayouts({ availableCents: 3868 }, { requestableFrom: END }), END, BEFORE);
    expect(state.waitsForEnd).toBe(true);
    expect(state.notYet).toBe(
      'Le virement pourra être demandé à partir du mercredi 12 août 2026 à 23:00, à la fin de l’événement.',
    );
    expect(state.advance).toBeNull();
    expect(state.nothingToAsk).toBeNull();
  });

  it('names the advance the administrator allows before the end', () => {
    const state = payoutState(eventPayouts({ availableCents: 3868, requestableCents: 1934 }), END, BEFORE);
    expect(state.waitsForEnd).toBe(false);
    expect(state.advance).toBe('Avance possible avant la fin de l’événement : 19,34 €.');
    expect(state.debtRecovered).toBeNull();
  });

  it('shows a balance below 0 as owed, and what other events’ debts take after the end', () => {
    const owed = payoutState(eventPayouts({ availableCents: -2000, organizerBalanceCents: 2880 }), END, AFTER);
    expect(owed.owedCents).toBe(2000);
    expect(owed.debtNote).toContain('déduit de vos prochains virements');
    expect(owed.organizerBalance).toEqual({
      label: 'Votre solde, tous événements confondus',
      amount: '28,80 €',
      isOwed: false,
    });
    expect(owed.nothingToAsk).toBe('Aucun solde à virer pour cet événement.');

    const recovered = payoutState(
      eventPayouts({ availableCents: 4880, organizerBalanceCents: 2880, requestableCents: 2880 }),
      END,
      AFTER,
    );
    expect(recovered.debtRecovered).toBe('Dont 20,00 € retenus pour ce que vous devez sur d’autres événements.');
    const absorbed = payoutState(eventPayouts({ availableCents: 1000, organizerBalanceCents: -1000 }), END, AFTER);
    expect(absorbed.nothingToAsk).toContain('régler ce que vous devez');
    expect(absorbed.organizerBalance?.isOwed).toBe(true);
  });

  it('speaks of the organiser, not of “you”, to the administrator', () => {
    const refusal =
      "Seul l'organisateur de l'événement peut demander le virement de son solde : il est versé sur son propre compte bancaire.";
    const state = payoutState(
      eventPayouts(
        { availableCents: -500, organizerBalanceCents: -800 },
        { canRequest: false, refusal, requestableFrom: END },
      ),
      END,
      BEFORE,
    );
    expect(state.isTheirs).toBe(true);
    expect(state.waitsForEnd).toBe(false);
    expect(state.debtNote).toContain('de l’organisateur');
    expect(state.organizerBalance?.label).toBe('Solde de l’organisateur, tous événements confondus');
    expect(state.organizerBalance?.amount).toBe('−8,00 €');
  });
});
