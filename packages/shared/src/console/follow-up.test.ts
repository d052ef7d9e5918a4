import { describe, expect, it } from 'vitest';
import { ticketChartLabels } from './follow-up';

describe('ticket chart labels', () => {
  it('keep the part before the hyphen when it tells the ticket apart', () => {
    expect(ticketChartLabels(['Fosse - debout', 'Balcon'])).toEqual(['Fosse', 'Balcon']);
  });

  it('give the whole title to tickets whose short labels are alike, such as a choice ticket’s options', () => {
    expect(ticketChartLabels(['Formule - Repas', 'Formule - Boisson', 'Entrée - adulte'])).toEqual([
      'Formule - Repas',
      'Formule - Boisson',
      'Entrée',
    ]);
  });

  it('number titles that are alike, so that no two slices share a label', () => {
    const labels = ticketChartLabels(['Entrée', 'Entrée', 'Entrée - VIP']);
    expect(labels).toEqual(['Entrée', 'Entrée (2)', 'Entrée - VIP']);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
