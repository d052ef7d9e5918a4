/** Messages to an event's attendees (issue 31): the console's Messages tab, the mail, the back office. */
export const attendeeMessagesFr = {
  tab: 'Messages',
  title: 'Écrire aux participants',
  subject: 'Objet',
  body: 'Message',
  bodyHelp: 'Texte simple : les liens et la mise en forme ne sont pas interprétés.',
  audience: 'Destinataires',
  audienceTickets: 'Billets',
  audienceTicketsPlaceholder: 'Tous les billets',
  audienceCheckin: 'Entrée',
  checkinAll: 'Tous',
  checkinIn: 'Entrés',
  checkinAbsent: 'Pas encore entrés',
  preview: (count: number) =>
    count === 0
      ? 'Aucun participant ne recevra ce message.'
      : count === 1
        ? 'Ce message sera envoyé à 1 participant.'
        : `Ce message sera envoyé à ${count} participants.`,
  send: 'Envoyer',
  sent: "Le message est en cours d'envoi.",
  history: 'Messages envoyés',
  empty: "Aucun message n'a encore été envoyé aux participants de cet événement.",
  progress: (sent: number, recipients: number) => `${sent} / ${recipients} envoyé(s)`,
  failedCount: (failed: number) => `${failed} échec(s)`,
  sending: "En cours d'envoi",
  done: 'Envoyé',
  limitHelp: (limit: number) => `Au plus ${limit} message(s) par jour et par événement.`,
  subjectRequired: "L'objet du message est obligatoire.",
  subjectTooLong: (max: number) => `L'objet ne peut pas dépasser ${max} caractères.`,
  bodyRequired: 'Le message est vide.',
  bodyTooLong: (max: number) => `Le message ne peut pas dépasser ${max} caractères.`,
  ticketUnknown: "Un des billets choisis n'appartient pas à cet événement.",
  noRecipient: "Aucun participant ne correspond à ces critères : le message n'a pas été envoyé.",
  limitReached: (limit: number) =>
    `Vous avez atteint la limite de ${limit} message(s) par jour pour cet événement. Réessayez demain.`,
  mailFooter: (event: string, brand: string) =>
    `Vous recevez ce message car vous avez un billet pour « ${event} ». Pour répondre à l'organisateur, répondez simplement à cet e-mail.\n— ${brand}`,
  adminTitle: 'Messages aux participants',
  adminEmpty: "Aucun message n'a été envoyé aux participants.",
  columns: {
    event: 'Événement',
    organizer: 'Organisateur',
    subject: 'Objet',
    recipients: 'Destinataires',
    sent: 'Envoyés',
    failed: 'Échecs',
    date: 'Date',
  },
  read: 'Lire',
  close: 'Fermer',
  replyTo: 'Réponses à',
  settingsTitle: 'Réglages',
  perDayLabel: 'Messages aux participants par événement et par jour',
  perDayInvalid: 'Entrez un nombre entier entre 0 et 100.',
  settingsSaved: 'Les réglages ont été enregistrés.',
  save: 'Enregistrer',
} as const;
