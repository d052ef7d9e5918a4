/**
 * Attendee questions (issue 30): the organiser's editor, the booking step, /myTickets, the
 * participants' detail and exports, and the API's refusals. Part of the catalog as `questionsFr`.
 * A question's label is the organiser's text: it is quoted, never interpreted.
 */
export const questionsFr = {
  kinds: {
    shortText: 'Texte court',
    longText: 'Texte long',
    choice: 'Choix unique',
    multipleChoice: 'Choix multiples',
    yesNo: 'Oui / non',
    date: 'Date',
    phone: 'Téléphone',
    email: 'E-mail',
  },
  scopes: {
    order: 'Une fois par commande',
    place: 'Pour chaque place',
  },
  yes: 'Oui',
  no: 'Non',
  // The organiser's editor (the event's edit area).
  editor: {
    title: 'Questions aux participants',
    intro:
      'Posez vos questions à la réservation : une fois par commande, ou pour chaque place. Les ventes sur place et les invitations ne posent pas ces questions.',
    empty: 'Aucune question pour le moment.',
    add: 'Ajouter une question',
    edit: 'Modifier',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette question ?',
    deleteText: 'Les réponses déjà données ne seront plus affichées ni exportées.',
    save: 'Enregistrer',
    cancel: 'Annuler',
    label: 'Intitulé de la question',
    kind: 'Type de réponse',
    scope: 'Posée',
    ticket: 'Concerne',
    allTickets: 'Tous les billets',
    required: 'Réponse obligatoire',
    requiredBadge: 'Obligatoire',
    choices: 'Choix proposés (un par ligne)',
    choicesHelp: 'Au plus 50 choix de 100 caractères.',
    created: 'La question a été ajoutée.',
    updated: 'La question a été modifiée.',
    deleted: 'La question a été supprimée.',
    failed: (error: string) => `Une erreur s'est produite : ${error}`,
  },
  // The organiser's refusals.
  errors: {
    labelRequired: "Veuillez saisir l'intitulé de la question.",
    labelTooLong: (max: number) => `L'intitulé de la question ne doit pas dépasser ${max} caractères.`,
    choicesRequired: 'Veuillez indiquer au moins un choix.',
    tooManyChoices: (max: number) => `Une question propose au plus ${max} choix.`,
    choiceTooLong: (max: number) => `Chaque choix ne doit pas dépasser ${max} caractères.`,
    choiceDuplicate: 'Chaque choix doit être différent des autres.',
    tooManyQuestions: (max: number) => `Un événement compte au plus ${max} questions.`,
    ticketUnknown: "Ce billet n'existe pas dans cet événement.",
    notFound: "Cette question n'existe pas.",
    unknownQuestion: 'Une réponse ne correspond à aucune question posée pour cette réservation.',
  },
  // The buyer's answers, at booking and on /myTickets: each names its question.
  answers: {
    required: (label: string) => `Veuillez répondre à la question « ${label} ».`,
    tooLong: (label: string, max: number) =>
      `Votre réponse à la question « ${label} » ne doit pas dépasser ${max} caractères.`,
    notInList: (label: string) => `Votre réponse à la question « ${label} » doit être choisie dans la liste.`,
    email: (label: string) => `Votre réponse à la question « ${label} » doit être une adresse e-mail valide.`,
    phone: (label: string) => `Votre réponse à la question « ${label} » doit être un numéro de téléphone valide.`,
    date: (label: string) => `Votre réponse à la question « ${label} » doit être une date valide.`,
    wrongType: (label: string) => `Votre réponse à la question « ${label} » n'est pas valide.`,
  },
  booking: {
    orderTitle: 'Questions de l’organisateur',
    placeTitle: (index: number) => `Place ${index} : questions`,
    optional: 'facultatif',
    choose: 'Choisissez une réponse',
  },
  myTickets: {
    edit: 'Mes réponses',
    editTitle: 'Réponses aux questions',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Vos réponses ont été enregistrées.',
    deadlinePassed: 'La date limite est passée : les réponses de ce billet ne peuvent plus être modifiées.',
    editableUntil: (date: string) => `Modifiable jusqu'au ${date}`,
  },
  detail: {
    title: 'Réponses',
    orderAnswers: 'Réponses de la commande',
    none: 'Sans réponse',
  },
} as const;
