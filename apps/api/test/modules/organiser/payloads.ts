const DAY = 86_400_000;

/** A valid create payload (2-organiser.md §3) that each test bends one way. */
export function createPayload(overrides: Record<string, unknown> = {}) {
  const start = Date.now() + 20 * DAY;
  return {
    title: 'Soirée de test',
    description: 'Une belle soirée.',
    address: '5 Place du Capitole, 31000 Toulouse',
    type: 'Soirée',
    dateBegin: new Date(start).toISOString(),
    dateEnd: new Date(start + 5 * 3_600_000).toISOString(),
    nbMaxParticipants: 100,
    isPublic: false,
    isUserPaysFees: false,
    ticketList: [{ title: 'Entrée', description: '', price: 0, quantity: 50, isHidden: false, isMultipart: false }],
    acceptTerms: true,
    ...overrides,
  };
}

export const paidTickets = [
  { title: 'Standard', price: 12.5, quantity: 40 },
  {
    title: 'Pass',
    isMultipart: true,
    options: [
      { title: '1 jour', price: 20, quantity: 10 },
      { title: '2 jours', price: 35, quantity: 5 },
    ],
  },
  { title: 'Partenaire', price: 8, quantity: 10, isHidden: true },
];
