import { formatEuros } from '../rules/money';

/**
 * Face-value resale (issue 30): /myTickets, the API's refusals, the seller's mail and the
 * organiser's console. Part of the catalog as `resaleFr`.
 */
export const resaleFr = {
  myTickets: {
    resell: 'Revendre',
    dialogTitle: 'Revendre ce billet',
    dialogHelp: (priceCents: number, feeCents: number) =>
      `Le billet est remis en vente à son prix, ${formatEuros(priceCents)}, d’abord à la liste d’attente. Votre billet reste valable jusqu’à la vente ; une fois vendu, vous êtes remboursé(e) de ${formatEuros(priceCents - feeCents)} (frais de revente : ${formatEuros(feeCents)}) par le moyen de paiement utilisé.`,
    confirm: 'Mettre en revente',
    cancel: 'Annuler',
    listed: 'En revente',
    listedHelp: 'Votre billet reste valable tant qu’il n’est pas vendu.',
    withdraw: 'Retirer de la vente',
    withdrawn: 'Le billet est retiré de la vente : il reste le vôtre.',
    sold: 'Revendu',
    soldHelp: (refundCents: number) => `Ce billet a été revendu : ${formatEuros(refundCents)} vous sont remboursés.`,
    failed: (error: string) => `Une erreur s'est produite : ${error}`,
  },
  errors: {
    notFound: 'Ce billet n’existe pas ou ne vous appartient pas.',
    notLive: 'Ce billet a été annulé, remboursé ou transféré : il ne peut pas être revendu.',
    invitationRevoked: 'Cette invitation a été révoquée par l’organisateur : elle ne peut pas être revendue.',
    eventOver: 'Cet événement est terminé ou annulé : ses billets ne peuvent plus être revendus.',
    scanned: 'Ce billet a déjà été scanné à l’entrée : il ne peut plus être revendu.',
    refundRequested: 'Un remboursement a été demandé pour ce billet : il ne peut pas être revendu.',
    severalPlaces: 'Ce billet compte plusieurs places : seul un billet d’une place peut être revendu.',
    free: 'Ce billet est gratuit : il n’y a rien à rembourser. Annulez-le pour libérer la place.',
    forbidden: 'L’organisateur n’autorise pas la revente des billets de cet événement.',
    pastDeadline: (date: string) => `Les billets de cet événement pouvaient être revendus jusqu’au ${date}.`,
    transferPending: 'Un transfert de ce billet est en attente : annulez-le avant de le revendre.',
    alreadyListed: 'Ce billet est déjà en revente.',
    notListed: 'Ce billet n’est pas en revente.',
    beingSold: 'Ce billet est en train d’être vendu à quelqu’un : il ne peut plus être retiré de la vente.',
    fee: 'Indiquez des frais de revente entre 0 et 1 000 €, en centimes entiers.',
  },
  mail: {
    subject: (brand: string, event: string) => `${brand} : votre billet pour ${event} a été revendu`,
    body: (firstName: string, event: string, refundCents: number, feeCents: number) =>
      `Bonjour ${firstName},\n\nVotre billet pour « ${event} » a été revendu : son ancien code n’est plus valable. ${formatEuros(refundCents)} vous sont remboursés par le moyen de paiement utilisé${feeCents > 0 ? ` (frais de revente retenus par l’organisateur : ${formatEuros(feeCents)})` : ''}. Le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`,
  },
  settings: {
    title: 'Revente des billets',
    help: 'Les détenteurs peuvent remettre leur billet en vente à son prix depuis « Mes billets » : proposé d’abord à la liste d’attente, puis vendu comme un billet normal. Une fois vendu, le vendeur est remboursé de son prix, moins les frais de revente.',
    allowed: 'Autoriser la revente au prix d’achat',
    deadline: 'Date limite des reventes (facultative)',
    fee: 'Frais de revente retenus sur chaque remboursement (€)',
    save: 'Enregistrer',
    saved: 'Les réglages de revente sont enregistrés.',
    loadFailed: 'Les réglages de revente n’ont pas pu être chargés.',
  },
  history: {
    title: 'Historique des reventes',
    empty: 'Ce billet n’a jamais été mis en revente.',
    line: (seller: string, priceCents: number, feeCents: number) =>
      `Par ${seller}, au prix de ${formatEuros(priceCents)} (frais : ${formatEuros(feeCents)})`,
    listedOn: (date: string) => `Mis en revente le ${date}`,
    endedOn: (date: string) => `le ${date}`,
    status: { listed: 'En revente', withdrawn: 'Retiré de la vente', sold: 'Revendu' },
    loadFailed: 'L’historique des reventes n’a pas pu être chargé.',
  },
} as const;
