/**
 * The booking steps on the event page (1-attendee.md §2, §4, §5), the guest account made during a
 * purchase and the payment result page. Part of `fr` as `checkoutStepsFr`. The rule messages themselves
 * are in `checkoutFr`, the payment texts in `paymentFr`.
 */
export const checkoutStepsFr = {
  steps: {
    tickets: 'Choix des billets',
    information: 'Vos informations',
    password: 'Création de votre compte',
    code: 'Vérification de votre email',
    proof: 'Connexion à votre compte',
    payment: 'Récapitulatif et paiement',
    done: 'Réservation confirmée',
  },
  haveAccount: 'Vous avez déjà un compte ?',
  login: 'Se connecter',

  tickets: {
    noTickets: "Aucun billet n'est disponible pour le moment.",
    choice: 'Votre choix',
    quantity: 'Nombre de billets',
    decrease: (title: string) => `Retirer un billet ${title}`,
    increase: (title: string) => `Ajouter un billet ${title}`,
    quantityValue: (count: number) => (count <= 1 ? `${count} billet` : `${count} billets`),
    limits: (min: number, max: number) => (min === max ? `${max} billet maximum` : `De ${min} à ${max} billets`),
    cannotPick: "Ce billet ne peut pas être choisi pour l'instant.",
    /** Other buyers took places since the count was chosen (issue 26): the count follows what is left. */
    loweredTo: (count: number) =>
      count === 0
        ? 'Désolé, il ne reste plus de place pour ce billet : il a été retiré de votre panier.'
        : count === 1
          ? "Désolé, il ne reste plus qu'une place pour ce billet : votre choix passe à 1 billet."
          : `Désolé, il ne reste plus que ${count} places pour ce billet : votre choix passe à ${count} billets.`,
    refundOption: (price: string) => `Option remboursement (${price} par place)`,
    refundPlaces: 'Nombre de places remboursables',
    refundMandatory: "L'option remboursement est obligatoire pour cet événement : toutes vos places sont assurées.",
    refundUntil: (date: string) => `Remboursement possible jusqu'au ${date}.`,
    acceptTermsBefore: "J'accepte les",
    salesTerms: 'conditions générales de vente',
  },

  promo: {
    open: 'Ajouter un code promo',
    title: 'Code promo',
    label: 'Code promo',
    submit: 'Valider',
    capsule: (code: string, percent: number) => `${code} : -${percent} %`,
    remove: (code: string) => `Retirer le code promo ${code}`,
    applied: 'Code promo appliqué',
  },

  gift: {
    title: 'Billet offert',
    intro: 'Votre billet vous donne droit à un billet offert. Choisissez-le :',
    label: 'Billet offert',
    none: 'Pas de billet offert',
    continue: 'Continuer',
    offered: 'OFFERT',
  },

  basket: {
    title: 'Panier',
    empty: 'Votre panier est vide.',
    line: (quantity: number, title: string) => `${quantity} × ${title}`,
    giftLine: (title: string) => `1 × ${title} (billet offert)`,
    insurance: (places: number) => `Option remboursement (${places} ${places > 1 ? 'places' : 'place'})`,
    serviceFee: 'Frais de service',
    discount: (code: string, percent: number) => `Réduction ${code} (-${percent} %)`,
    total: 'Total',
    walletTotal: 'Total avec Apple Pay / Google Pay',
  },

  information: {
    studies: 'Études',
    loggedInNote: 'Votre email et votre date de naissance sont ceux de votre compte.',
    /** Under a name field showing the account's name cut to the ticket's 22 characters (issue 26). */
    lastNameCut: 'Le nom de votre compte est raccourci à 22 caractères, la longueur permise sur un billet.',
    firstNameCut: 'Le prénom de votre compte est raccourci à 22 caractères, la longueur permise sur un billet.',
  },
  /** The studies a buyer can choose from when an event asks; the first means "not given". */
  studies: [
    'Non défini',
    'Droit',
    'Économie et gestion',
    'Lettres et langues',
    'Sciences humaines et sociales',
    'Sciences et technologies',
    'Santé',
    'Ingénierie',
    'Informatique',
    'Arts',
    'Sport (STAPS)',
    'Commerce',
    'Autre',
  ],

  account: {
    intro: (email: string) =>
      `Aucun compte n'existe pour ${email} : choisissez un mot de passe pour créer votre compte et retrouver vos billets.`,
  },

  // An e-mail that has an account (issue 15): its owner shows it is theirs before anything is held.
  proof: {
    intro: (email: string) =>
      `Un compte existe déjà avec l'adresse ${email}. Pour réserver avec cette adresse, connectez-vous : avec votre mot de passe, ou avec un code reçu par email.`,
    password: 'Mot de passe',
    login: 'Se connecter et continuer',
    or: 'ou',
    sendCode: 'Recevoir un code par email',
    forgotten: 'Mot de passe oublié ?',
  },
  code: {
    intro: (email: string) => `Un code de vérification a été envoyé à ${email}. Il est valable 15 minutes.`,
    label: 'Code de vérification',
    required: 'Veuillez saisir le code de vérification.',
    submit: 'Valider',
  },

  payment: {
    recap: 'Votre commande',
    buyer: 'Acheteur',
    amountDue: 'Montant à payer',
    holding: 'Réservation de vos places…',
    preparing: 'Préparation du paiement…',
    pay: (amount: string) => `Payer ${amount}`,
    confirmFree: 'Confirmer la réservation',
    countdownLabel: 'Temps restant pour payer',
    remaining: (minutes: number) =>
      minutes <= 1 ? "Il vous reste moins d'une minute pour payer." : `Il vous reste ${minutes} minutes pour payer.`,
    bankNotice: 'Vous allez être redirigé vers la page de paiement sécurisée de la banque.',
  },

  done: {
    backToList: 'Retour à la billetterie',
  },

  result: {
    title: 'Résultat du paiement',
    reference: (reference: string) => `Référence de la commande : ${reference}`,
    backToList: 'Retour à la billetterie',
  },

  mail: {
    verificationSubject: (brand: string) => `${brand} : votre code de vérification`,
    verificationBody: (firstName: string, code: string) =>
      `Bonjour ${firstName},\n\nVoici votre code de vérification pour terminer votre réservation : ${code}\n\nIl est valable 15 minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  },
} as const;
