/**
 * The dates (séances) of an event of several dates (issue 32): the console's refusals and the
 * buyer's. Part of the catalog as `datesFr`.
 */
export const datesFr = {
  notFound: 'Cette date n’existe pas pour cet événement.',
  endBeforeStart: 'La fin de la date doit être après son début.',
  inPast: 'Une date ne peut pas commencer dans le passé.',
  overlap: 'Cette date chevauche une autre date de l’événement.',
  tooMany: (max: number) => `Un événement compte au plus ${max} dates.`,
  repeatTooMany: (count: number, max: number) =>
    `Cette règle créerait ${count} dates : un événement en compte au plus ${max}. Raccourcissez la période.`,
  repeatEmpty: 'Cette règle ne crée aucune date : vérifiez les jours et la période.',
  repeatDayInvalid: 'Indiquez des jours valides (AAAA-MM-JJ), le premier avant le dernier.',
  repeatTimeInvalid: 'Indiquez des heures valides (HH:MM).',
  refundAfterEnd: 'La limite de remboursement doit précéder la fin de la date.',
  eventCancelled: 'Cet événement est annulé : ses dates ne peuvent plus changer.',
  soldDateMoveOnly: 'Des places de cette date sont vendues : pour changer son horaire, déplacez-la.',
  soldDateCannotDelete: 'Des places de cette date sont vendues : annulez-la plutôt que de la supprimer.',
  lastDateCannotDelete: 'Un événement garde au moins une date.',
  capacityBelowSold: 'La jauge de cette date est inférieure aux places déjà prises.',
  unknownDateIds: 'Choisissez des dates de cet événement.',
  passCoversCancelled: 'Un pass ne peut pas couvrir une date annulée.',
  dateRequired: 'Choisissez la date de chaque billet.',
  dateCancelled: 'Cette date est annulée : ses billets ne sont plus en vente.',
  dateNotForTicket: 'Ce billet n’est pas vendu pour cette date.',
  eventHasDates: 'Cet événement a plusieurs dates : changez-les une à une dans ses dates.',
  /** The buyer's e-mails of an event of several dates: each place with the date(s) it admits to. */
  mailPlaces: 'Vos places et leurs dates :',
  /** A ticket for one date of an event of several, named with its date (waiting list, transfers). */
  ticketOfDate: (ticket: string, date: string) => `${ticket} — ${date}`,
  mailPlace: (quantity: number, ticket: string, dates: string[]) => `${quantity} × ${ticket} : ${dates.join(' ; ')}`,
} as const;
