import { formatEuros } from '../rules/money';
import { plural } from './plural';

/**
 * Refunds carried out and event cancellation (issue 10; 1-attendee.md "Refund handling":
 * reimbursement within 5 to 10 working days). The specs give none of these texts: they follow
 * the tone of the refund request's ('Votre demande de remboursement a bien été effectuée.').
 */
export const refundsFr = {
  console: {
    title: 'Demandes de remboursement',
    empty: 'Aucune demande de remboursement pour cet événement.',
    loadError: 'Impossible de charger les demandes de remboursement.',
    retry: 'Réessayer',
    columns: { holder: 'Participant', ticket: 'Billet', places: 'Places', amount: 'Montant', status: 'Statut' },
    places: (count: number) => `${count} ${plural(count, 'place', 'places')}`,
    requestedOn: (date: string) => `Demandé le ${date}`,
    accept: 'Rembourser',
    refuse: 'Refuser',
    acceptTitle: 'Rembourser ce participant ?',
    acceptText: (amount: string, places: number) =>
      `${amount} seront remboursés pour ${places} ${plural(places, 'place', 'places')}, par le moyen de paiement utilisé. Les places reviendront à la vente.`,
    refuseTitle: 'Refuser le remboursement',
    reasonLabel: 'Motif du refus',
    reasonHelp: 'Le participant recevra ce motif par email.',
    confirm: 'Confirmer',
    cancel: 'Annuler',
    accepted: 'Le remboursement a été effectué.',
    acceptedPending: 'Le remboursement est en cours : il sera réessayé automatiquement.',
    refused: 'La demande de remboursement a été refusée.',
    status: {
      requested: 'À traiter',
      pending: 'En cours',
      refunding: 'En cours',
      refunded: 'Remboursé',
      failed: 'Échec, nouvel essai prévu',
      refused: 'Refusé',
      manual: 'À rembourser sur place',
    },
    lastError: (error: string) => `Dernière erreur : ${error}`,
  },
  errors: {
    notRequested: "Ce participant n'a pas demandé de remboursement.",
    alreadyDecided: 'Cette demande a déjà été traitée.',
    reasonRequired: 'Indiquez le motif du refus.',
    reasonTooLong: 'Le motif ne peut dépasser 500 caractères.',
    eventCancelled: 'Cet événement est annulé.',
    messageRequired: "Indiquez aux participants la raison de l'annulation.",
    messageTooLong: 'Le message ne peut dépasser 2000 caractères.',
    alreadyCancelled: 'Cet événement est déjà annulé.',
    eventOver: 'Un événement terminé ne peut plus être annulé.',
  },
  cancellation: {
    button: "Annuler l'événement",
    title: "Annuler l'événement",
    warning:
      "Les ventes s'arrêtent aussitôt, chaque billet payé est remboursé et chaque participant reçoit votre message par email. Cette action est définitive.",
    messageLabel: 'Message aux participants',
    messagePlaceholder: "Expliquez la raison de l'annulation.",
    confirm: "Annuler définitivement l'événement",
    back: 'Retour',
    started: "L'événement est annulé : les remboursements sont en cours.",
    banner: 'Événement annulé',
    progress: (done: number, total: number) =>
      `${done} commande${total > 1 ? 's' : ''} remboursée${done > 1 ? 's' : ''} sur ${total}`,
    failures: (count: number) =>
      `${count} remboursement${count > 1 ? 's' : ''} en échec, réessayé${count > 1 ? 's' : ''} automatiquement`,
    manual: (count: number) => `${count} vente${count > 1 ? 's' : ''} sur place à rembourser par vos soins`,
    finished: 'Tous les remboursements sont effectués.',
  },
  mail: {
    accepted: {
      subject: (brand: string, event: string) => `${brand} : votre remboursement pour « ${event} »`,
      body: (firstName: string, event: string, amountCents: number, places: number) =>
        `Bonjour ${firstName},\n\nVotre demande de remboursement pour « ${event} » a été acceptée : ${formatEuros(amountCents)} vous sont remboursés pour ${places} place${places > 1 ? 's' : ''}, par le moyen de paiement utilisé. Le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`,
    },
    refused: {
      subject: (brand: string, event: string) => `${brand} : votre demande de remboursement pour « ${event} »`,
      body: (firstName: string, event: string, reason: string) =>
        `Bonjour ${firstName},\n\nL'organisateur de « ${event} » a refusé votre demande de remboursement, pour le motif suivant :\n\n${reason}\n\nVos billets restent valables.`,
    },
    cancelled: {
      subject: (brand: string, event: string) => `${brand} : « ${event} » est annulé`,
      body: (firstName: string, event: string, message: string, amountCents: number) =>
        `Bonjour ${firstName},\n\nL'organisateur a annulé « ${event} ». Son message :\n\n${message}\n\n` +
        (amountCents > 0
          ? `Votre commande vous est intégralement remboursée (${formatEuros(amountCents)}), par le moyen de paiement utilisé : le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`
          : 'Vos billets ne sont plus valables.'),
    },
  },
} as const;
