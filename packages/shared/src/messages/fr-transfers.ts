/**
 * Ticket transfers and the face-value resale (issue 30): /myTickets, the receiver's page, the
 * API's refusals and the organiser's console. Part of the catalog as `transfersFr`.
 */
export const transfersFr = {
  myTickets: {
    transfer: 'Transférer',
    dialogTitle: 'Transférer ce billet',
    dialogHelp:
      'La personne reçoit un e-mail avec un lien pour accepter le billet. Le vôtre reste valable jusqu’à ce qu’elle l’accepte ; ensuite, son code remplace le vôtre.',
    email: 'Adresse e-mail du destinataire',
    send: 'Envoyer le billet',
    sent: (email: string) => `Le billet a été envoyé à ${email}.`,
    pending: (email: string, until: string) =>
      `Transfert en attente : envoyé à ${email}, à accepter avant le ${until}.`,
    cancel: 'Annuler',
    cancelTransfer: 'Annuler le transfert',
    cancelled: 'Le transfert a été annulé : le billet reste le vôtre.',
    failed: (error: string) => `Une erreur s'est produite : ${error}`,
  },
  errors: {
    notFound: 'Ce billet n’existe pas ou ne vous appartient pas.',
    emailInvalid: 'Indiquez une adresse e-mail valide.',
    toSelf: 'Ce billet est déjà le vôtre : indiquez l’adresse e-mail de la personne à qui le transférer.',
    scanned: 'Ce billet a déjà été scanné à l’entrée : il ne peut plus être transféré.',
    notLive: 'Ce billet a été annulé, remboursé ou transféré : il ne peut plus être transféré.',
    invitationRevoked: 'Cette invitation a été révoquée par l’organisateur : elle ne peut plus être transférée.',
    refundRequested: 'Un remboursement a été demandé pour ce billet : il ne peut pas être transféré.',
    severalPlaces: 'Ce billet compte plusieurs places : seul un billet d’une place peut être transféré.',
    beingResold: 'Ce billet est proposé à la revente : retirez-le de la revente avant de le transférer.',
    forbidden: 'L’organisateur n’autorise pas le transfert des billets de cet événement.',
    pastDeadline: (date: string) => `Les billets de cet événement pouvaient être transférés jusqu’au ${date}.`,
    eventOver: 'Cet événement est terminé ou annulé : ses billets ne peuvent plus être transférés.',
    alreadyPending: 'Un transfert de ce billet est déjà en attente : annulez-le avant d’en envoyer un autre.',
    noPending: 'Aucun transfert de ce billet n’est en attente.',
    linkNotFound: 'Ce lien de transfert n’est pas valide.',
    linkExpired: 'Ce transfert a expiré : demandez à la personne qui vous l’a envoyé de recommencer.',
    linkCancelled: 'Ce transfert a été annulé par la personne qui vous l’avait envoyé.',
    linkUsed: 'Ce billet a déjà été accepté : retrouvez-le dans « Mes billets ».',
    notForYou: (email: string) =>
      `Ce billet a été envoyé à ${email} : connectez-vous avec un compte à cette adresse pour l’accepter.`,
    signIn: 'Connectez-vous ou créez un compte pour accepter ce billet.',
    noLongerValid: 'Ce billet ne peut plus être transféré : il a été scanné, annulé ou remboursé entre-temps.',
    expiryDays: (max: number) => `Indiquez un délai d’acceptation entier, entre 1 et ${max} jours.`,
  },
  mail: {
    subject: (brand: string, sender: string, event: string) =>
      `${brand} : ${sender} vous transfère un billet pour ${event}`,
    body: (sender: string, event: string, ticket: string, deadline: string, url: string) =>
      `Bonjour,\n\n${sender} vous transfère son billet « ${ticket} » pour « ${event} ».\n\nPour l’accepter, ouvrez ce lien avant le ${deadline}, puis connectez-vous (ou créez un compte) avec cette adresse e-mail : ${url}\n\nUne fois accepté, le billet est à votre nom, avec son propre code ; l’ancien code n’est plus valable.`,
  },
  accept: {
    pageTitle: 'Un billet vous est transféré',
    summary: (sender: string, ticket: string, event: string) =>
      `${sender} vous transfère son billet « ${ticket} » pour « ${event} ».`,
    when: (date: string) => `L’événement a lieu le ${date}.`,
    deadline: (date: string, email: string) => `À accepter avant le ${date}, connecté(e) avec l’adresse ${email}.`,
    accept: 'Accepter le billet',
    signIn: 'Se connecter',
    register: 'Créer un compte',
    accepted: 'Le billet est à vous : retrouvez-le dans « Mes billets ».',
    myTickets: 'Voir mes billets',
    loadFailed: 'Ce transfert n’a pas pu être chargé.',
    ended: {
      accepted: 'Ce billet a déjà été accepté.',
      cancelled: 'Ce transfert a été annulé par la personne qui vous l’avait envoyé.',
      expired: 'Ce transfert a expiré.',
    },
  },
  settings: {
    title: 'Transfert des billets',
    help: 'Les détenteurs peuvent envoyer leur billet à une autre personne depuis « Mes billets » ; le nouveau billet garde le même numéro et l’ancien code est refusé à l’entrée.',
    allowed: 'Autoriser le transfert des billets',
    deadline: 'Date limite des transferts (facultative)',
    expiryDays: 'Délai pour accepter un transfert (jours)',
    save: 'Enregistrer',
    saved: 'Les réglages de transfert sont enregistrés.',
    loadFailed: 'Les réglages de transfert n’ont pas pu être chargés.',
  },
  history: {
    title: 'Historique des transferts',
    empty: 'Ce billet n’a jamais été transféré.',
    line: (from: string, to: string) => `De ${from} à ${to}`,
    sentOn: (date: string) => `Envoyé le ${date}`,
    endedOn: (date: string) => `le ${date}`,
    status: { pending: 'En attente', accepted: 'Accepté', cancelled: 'Annulé', expired: 'Expiré' },
    loadFailed: 'L’historique des transferts n’a pas pu être chargé.',
  },
  scanner: {
    transferred: 'Billet transféré',
    transferredHelp: 'Ce billet a été transféré à une autre personne : son ancien code n’est plus valable.',
  },
} as const;
