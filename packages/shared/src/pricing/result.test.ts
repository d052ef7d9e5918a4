import { describe, expect, it } from 'vitest';
import { paymentFr } from '../messages/fr-payment';
import { paymentResultText, REFUSAL_CODES } from './result';

describe('paymentResultText', () => {
  it('accepts 00000 and cancels 00001', () => {
    expect(paymentResultText('00000')).toEqual({
      outcome: 'accepted',
      title: 'Votre transaction a bien été acceptée.',
    });
    expect(paymentResultText('00001')).toEqual({ outcome: 'cancelled', title: 'Votre transaction a été annulée.' });
  });

  it('explains each listed refusal', () => {
    expect(paymentResultText('00004')).toEqual({
      outcome: 'refused',
      title: 'Votre transaction a été refusée.',
      reason: 'Numéro du porteur ou cryptogramme visuel invalide.',
    });
    expect(paymentResultText('99999').reason).toBe(
      "Opération en attente de validation par l'émetteur du moyen de paiement.",
    );
    // The catalog's codes, each once, in the spec's order (which is ascending).
    expect(REFUSAL_CODES).toEqual(Object.keys(paymentFr.retour.reasons).sort());
    for (const code of REFUSAL_CODES) expect(paymentResultText(code).outcome).toBe('refused');
  });

  it('calls any other code a problem, unlisted refusals and odd input included', () => {
    const problem = { outcome: 'problem', title: 'Votre transaction a rencontré un problème, merci de réessayer.' };
    for (const code of ['00003', '00105', '', 'toString', '__proto__', ' 00000']) {
      expect(paymentResultText(code)).toEqual(problem);
    }
  });
});
