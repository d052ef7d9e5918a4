/**
 * Payment texts: the result page by retour code (1-attendee.md §8, word for word), the payment
 * modals and alerts (§4), and the sandbox bank. Part of `fr` (merged as `paymentFr`).
 */
export const paymentFr = {
  /** The result page: code → title for 00000 and 00001; the listed refusal codes give a reason. */
  retour: {
    '00000': 'Votre transaction a bien été acceptée.',
    '00001': 'Votre transaction a été annulée.',
    refused: 'Votre transaction a été refusée.',
    other: 'Votre transaction a rencontré un problème, merci de réessayer.',
    reasons: {
      '00004': 'Numéro du porteur ou cryptogramme visuel invalide.',
      '00008': 'Date de fin de validité incorrecte.',
      '00009': "Erreur de création d'un abonnement.",
      '00010': 'Devise inconnue.',
      '00011': 'Montant incorrect.',
      '00015': 'Paiement déjà effectué.',
      '00016': 'Abonné déjà existant.',
      '00021': 'Carte non autorisée.',
      '00029': 'Carte non conforme.',
      '00030': "Temps d'attente écoulé au niveau de la page de paiements.",
      '00033': "Code pays de l'adresse IP du navigateur non autorisé.",
      '00040': 'Opération sans authentification 3D-Secure, bloquée par le filtre.',
      '99999': "Opération en attente de validation par l'émetteur du moyen de paiement.",
    },
    acceptedDetail: 'Votre facture et votre billet ont été envoyés dans votre boîte mail.',
  },
  /** What the result page adds from the server's own record of the order (issue 26). */
  result: {
    confirming: 'Votre paiement est en cours de confirmation par la banque.',
    holdKept: 'Vos places restent réservées : vous pouvez réessayer le paiement avant la fin du temps imparti.',
    retry: 'Réessayer le paiement',
    holdEnded: 'Le temps du paiement est écoulé : les places de cette commande ont été remises en vente.',
    orderClosed: 'Cette commande est close : ses places ont été remises en vente.',
    lateRefunded:
      'Votre paiement est arrivé après la fin de votre réservation et les places ont été vendues entre-temps : il vous est intégralement remboursé.',
    refunded: 'Cette commande a été remboursée.',
    unknown: 'Nous ne pouvons pas confirmer le résultat de ce paiement.',
    unknownDetail:
      'Si votre paiement a été accepté, vos billets vous ont été envoyés par e-mail et se trouvent dans « Mes billets ».',
    myTickets: 'Mes billets',
  },
  /** A payment form the browser refused to send (its page's security policy): never a silent 'Payer'. */
  blocked:
    "Le paiement n'a pas pu démarrer : votre navigateur a bloqué l'accès à la page de paiement. Rechargez la page et réessayez.",
  noBankServer: "Erreur : Aucun serveur n'a été trouvé.",
  walletUnavailable: 'Apple Pay / Google Pay non disponible',
  ticketUnavailable: {
    title: 'Billet non disponible',
    body: "Ce billet n'est plus disponible. La transaction a été annulée. Veuillez recharger la page.",
  },
  timeElapsed: {
    title: 'Temps du paiement écoulé',
    body: 'Le temps accordé pour le paiement est écoulé. La transaction a été annulée. Veuillez recharger la page.',
  },
  reloadPage: 'Recharger la page',
  invalidNotification: 'La notification de paiement est invalide.',
  /** The simulated bank served by the app itself (no real money). */
  sandbox: {
    pageTitle: 'Banque de test',
    intro: "Cette banque simule un paiement par carte : aucun paiement réel n'est effectué.",
    merchantReference: 'Référence marchande',
    amount: 'Montant',
    pay: 'Payer',
    refuse: 'Refuser le paiement',
    cancel: 'Annuler',
    refusalReason: 'Motif du refus',
    reasonOption: (code: string, reason: string) => `${code} – ${reason}`,
    errorTitle: 'Paiement impossible',
    invalidForm: 'Le formulaire de paiement est invalide ou a été modifié.',
    invalidDecision: 'La demande est invalide ou a été modifiée.',
  },
} as const;
