/**
 * The virtual waiting room (issue 17): the organiser's settings, the buyer's waiting panel and
 * the API's refusals. Part of the catalog as `waitingRoomFr`.
 */
export const waitingRoomFr = {
  settings: {
    title: "File d'attente",
    enable: "Activer la file d'attente",
    help: "Pour une mise en vente très demandée : les acheteurs arrivés avant l'ouverture attendent leur tour dans l'ordre d'arrivée, puis entrent au rythme choisi.",
    onsaleAt: 'Ouverture de la vente',
    rate: 'Acheteurs admis par minute',
    rateHelp: 'Entre 1 et 60 000 par minute. Un rythme trop élevé laisse passer la cohue ; trop bas, il fait attendre.',
    onsaleRequired: "Indiquez la date et l'heure d'ouverture de la vente.",
    onsaleAfterEnd: "L'ouverture de la vente doit précéder la fin de l'événement.",
    rateInvalid: 'Indiquez un nombre entier d’acheteurs par minute, entre 1 et 60 000.',
  },
  panel: {
    title: "File d'attente",
    soon: 'Vente à venir',
    beforeOpening: (when: string) => `La vente ouvre le ${when}.`,
    beforeOpeningHelp:
      "Vous avez une place dans la file : à l'ouverture, les acheteurs entrent dans l'ordre d'arrivée.",
    position: (position: number) => `Votre place dans la file : ${position.toLocaleString('fr-FR')}`,
    ahead: (count: number) =>
      count === 0
        ? 'Personne devant vous.'
        : count === 1
          ? '1 personne devant vous.'
          : `${count.toLocaleString('fr-FR')} personnes devant vous.`,
    estimate: (minutes: number) =>
      minutes <= 1 ? 'Attente estimée : moins d’une minute.' : `Attente estimée : environ ${minutes} minutes.`,
    progress: 'Progression dans la file',
    keepOpen:
      'Ne fermez pas cette page et ne la rechargez pas inutilement : votre place est gardée, même dans un autre onglet.',
    refreshing: 'La page se met à jour toute seule.',
    admitted: "C'est votre tour : vous pouvez choisir vos billets.",
    joining: 'Nous vous donnons une place dans la file…',
    unavailable: "La file d'attente ne répond pas. Réessayez dans un instant.",
  },
  errors: {
    admissionRequired:
      "La vente passe par une file d'attente : attendez votre tour sur la page de l'événement avant de réserver.",
    admissionForOther: 'Ce passage a déjà servi à un autre compte : attendez votre tour sur la page de l’événement.',
    unavailable: "La file d'attente ne répond pas. Réessayez dans un instant.",
  },
} as const;
