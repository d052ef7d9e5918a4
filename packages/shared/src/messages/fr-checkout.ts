/** The booking flow (1-attendee.md §4, §5, §8). Part of `fr`. */
export const checkoutFr = {
  ticketCountRequired: 'Vous devez choisir un nombre de billets.',
  noPlaceLeft: 'Il ne reste plus de place pour ce billet.',
  choiceRequired: 'Veuillez sélectionner un choix pour votre billet avant de continuer.',
  refundPlacesInvalid:
    'Le nombre de places de remboursement ne peut être supérieur au nombre de places de billet et doit être compris entre 1 et 5 places.',
  refundDeadlinePassed:
    "Le délai de remboursement est passé. Il n'est plus possible de faire une demande de remboursement.",
  termsRequired: 'Veuillez accepter les conditions générales.',
  belowMin: (min: number) => `Le nombre d'achat de billets doit être supérieur ou égal à ${min}.`,
  aboveMax: (max: number) => `Le nombre d'achat de billets ne peut être supérieur à ${max} billets.`,
  lastNameRequired: 'Veuillez saisir votre nom.',
  firstNameRequired: 'Veuillez saisir votre prénom.',
  nameTooLong: 'Ce champ ne doit pas dépasser 22 caractères.',
  emailRequired: 'Veuillez saisir votre email.',
  emailInvalid: "Veuillez saisir un format d'adresse mail valide.",
  ageRequired: 'Veuillez saisir votre âge.',
  tooYoung: 'Vous devez avoir plus de 16 ans.',
  tooOld: 'Vous devez avoir moins de 100 ans.',
  studiesRequired: 'Vous devez choisir vos études dans la liste déroulante.',
  fieldMissing: 'Vous avez oublié de remplir un champ ou cocher une case.',
  promoRequired: 'Le code promo doit être renseigné pour valider.',
  promoDisabled: 'Le code promo est indisponible.',
  promoInvalid: "Le code promo n'est pas valide.",
  promoExhausted: "Le code promo n'est plus valide.",
  promoUsed: 'Vous avez déjà utilisé ce code promo.',
  ticketUnavailable: 'Billet non disponible',
  freeEventOneTicket:
    'Vous avez déjà un billet pour cet événement : un seul billet par compte sur un événement gratuit.',
  oneFreeTicket: 'Vous avez déjà un billet gratuit pour cet événement : un seul billet gratuit par compte.',
  ticketingClosed: 'La billetterie de cet événement est fermée.',
  accountRequired: "Aucun compte n'existe pour cet email : créez votre mot de passe pour continuer.",
  eventCancelled: 'Cet événement est annulé : ses billets ne sont plus vendus.',
  // Proof of e-mail (issue 15): no place is held for an address nobody has shown to be theirs.
  holdInProgress:
    'Vous avez déjà une réservation en cours pour cet événement : terminez-la ou annulez-la avant d’en commencer une autre.',
  emailProofRequired:
    'Pour réserver, confirmez votre adresse email : connectez-vous, ou saisissez le code que nous vous envoyons.',
  orderNotFound: "Cette commande n'existe pas.",
  reservationDone: 'Votre réservation a bien été effectuée.',
  orderNotPayable: 'Cette commande ne peut plus être payée : le temps du paiement est écoulé.',
  orderAlreadyPaid: 'Cette commande est déjà payée : ses places ne peuvent plus être rendues.',
  // Asked to pay again (a second tab, a retry after the payment went through): nothing more to pay.
  orderPaidAlready: 'Cette commande est déjà payée : vos billets sont dans « Mes billets ».',
  refundedMail: {
    subject: (brand: string) => `${brand} : votre paiement a été remboursé`,
    body: (firstName: string, reference: string) =>
      `Bonjour ${firstName},\n\nVotre paiement (commande ${reference}) est arrivé après l'expiration de votre réservation, et les places ont été vendues entre-temps. Il a été intégralement remboursé : le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`,
  },
  duplicateRefundedMail: {
    subject: (brand: string) => `${brand} : votre second paiement a été remboursé`,
    body: (firstName: string, reference: string) =>
      `Bonjour ${firstName},\n\nVotre commande ${reference} a été payée deux fois (sans doute depuis deux pages de paiement ouvertes en même temps). Vos billets restent valables ; le second paiement a été intégralement remboursé : le remboursement apparaîtra sur votre compte sous 5 à 10 jours ouvrés.`,
  },
  confirmationMail: {
    subject: (brand: string, event: string) => `${brand} : vos billets pour ${event}`,
    body: (firstName: string, event: string, reference: string, link: string) =>
      `Bonjour ${firstName},\n\nVotre commande ${reference} pour « ${event} » est confirmée. Vos billets et leur QR code sont dans votre espace : ${link}\n\nPrésentez le QR code à l'entrée.`,
    qrAlt: (index: number, count: number) =>
      count > 1 ? `QR code du billet ${index} sur ${count}` : 'QR code de votre billet',
    attached: (count: number) =>
      count > 1
        ? 'Vos billets sont joints à ce message dans un seul PDF, une page par place.'
        : 'Votre billet est joint à ce message au format PDF.',
  },
} as const;
