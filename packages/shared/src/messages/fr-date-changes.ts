import { formatDateTime } from '../rules/dates';
import { formatEuros } from '../rules/money';

/**
 * A date (séance) of a multi-date event moved or cancelled (issue 32): the console's refusals,
 * the holder's refund of a moved date, and the mails. Part of the catalog as `dateChangesFr`.
 */
export const dateChangesFr = {
  errors: {
    dateCancelled: 'Cette date est déjà annulée.',
    dateOver: 'Cette date est passée : elle ne peut plus être déplacée ni annulée.',
    lastLiveDate: 'C’est la dernière date de l’événement : pour l’annuler, annulez l’événement.',
    sameSpan: 'Indiquez un nouvel horaire, différent de l’actuel.',
    notMoved: 'Ce billet n’est pas pour une date déplacée : demandez un remboursement depuis vos billets.',
    windowClosed: 'La nouvelle date a commencé : le remboursement n’est plus possible.',
    alreadyRefunded: 'Ce billet est déjà remboursé pour cette date.',
    nothingToRefund: 'Ce billet n’a plus de place à rembourser pour cette date.',
    payoutHeld:
      'Le virement attend la fin des remboursements d’une date annulée : il pourra être demandé une fois ceux-ci effectués.',
  },
  /** The export's column of an event of several dates: the date of each place, or 'Pass'. */
  exportDateHeader: 'Date (séance)',
  exportPass: 'Pass',
  refundDone: (amountCents: number) =>
    amountCents > 0
      ? `Votre remboursement de ${formatEuros(amountCents)} est en cours : il apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`
      : 'Votre billet est annulé pour cette date.',
  mail: {
    moved: {
      subject: (brand: string, event: string) => `${brand} : « ${event} » change de date`,
      body: (p: { firstName: string; event: string; from: string; to: string; message: string; refundUrl: string }) =>
        `Bonjour ${p.firstName},\n\nL’organisateur a déplacé « ${p.event} », prévu le ${formatDateTime(p.from)}, ` +
        `au ${formatDateTime(p.to)}.` +
        (p.message ? `\n\nSon message :\n\n${p.message}` : '') +
        '\n\nVotre billet reste valable pour la nouvelle date. Si elle ne vous convient pas, vous pouvez demander ' +
        `le remboursement de vos places de cette date jusqu’au ${formatDateTime(p.to)} :\n${p.refundUrl}`,
    },
    cancelled: {
      subject: (brand: string, event: string) => `${brand} : une date de « ${event} » est annulée`,
      body: (p: { firstName: string; event: string; date: string; message: string; amountCents: number }) =>
        `Bonjour ${p.firstName},\n\nL’organisateur a annulé la date du ${formatDateTime(p.date)} de « ${p.event} ».` +
        (p.message ? `\n\nSon message :\n\n${p.message}` : '') +
        (p.amountCents > 0
          ? `\n\n${formatEuros(p.amountCents)} vous sont remboursés par le moyen de paiement utilisé : le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`
          : '\n\nVos places de cette date sont annulées.'),
    },
    refunded: {
      subject: (brand: string, event: string) => `${brand} : votre remboursement pour « ${event} »`,
      body: (firstName: string, event: string, date: string, amountCents: number) =>
        `Bonjour ${firstName},\n\nVos places du ${formatDateTime(date)} pour « ${event} » sont remboursées : ` +
        `${formatEuros(amountCents)} par le moyen de paiement utilisé. Le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`,
    },
  },
} as const;
