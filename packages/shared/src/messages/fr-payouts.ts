/**
 * Rates page, payouts and the organiser's bank details (2-organiser.md §2.4, §2.9, §8, §9). Part of `fr`.
 * Texts the spec gives are word for word; the others are ours (docs/decisions.md, issue 10).
 */
/** One subject for a payout cancelled by the event's cancellation or by one of its dates'. */
const cancelledSubject = (brand: string, event: string) => `${brand} : virement annulé pour « ${event} »`;

export const payoutsFr = {
  rates: {
    title: 'Tarifs',
    intro: (brand: string) =>
      `${brand} se rémunère par une commission prélevée après chaque vente, sur chaque billet payant. Les billets gratuits restent gratuits pour vous.`,
    standardRate: 'Commission standard',
    reducedRate: 'Votre tarif réduit',
    rateLine: (percent: string, fixed: string) => `${percent} % + ${fixed} HT par billet vendu`,
    simulatorTitle: 'Simulateur',
    priceLabel: 'Prix du billet (€)',
    priceHint: 'Ce que paie le participant pour un billet.',
    gainLabel: 'Vous recevez',
    desiredLabel: 'Montant souhaité (€)',
    desiredHint: 'Ce que vous voulez recevoir pour un billet.',
    priceToSetLabel: 'Prix à fixer',
    freeTickets: 'Les billets gratuits ne sont soumis à aucune commission.',
    belowFee: 'Ce prix ne couvre pas la commission : vous ne recevriez rien pour ce billet.',
    payoutNote: 'Versement du solde sous 5 à 10 jours ouvrés.',
    contactLink: 'Une question ? Contactez-nous',
    loadFailed: 'Impossible de charger votre commission.',
  },
  payout: {
    button: 'Demande de virement',
    tooltip: 'Versement du solde sous 5 à 10 jours ouvrés.',
    success: 'Votre demande de virement a bien été effectuée.',
    title: 'Demande de virement',
    balanceTitle: 'Solde de l’événement',
    sales: 'Ventes en ligne',
    commission: 'Commission',
    refunds: 'Remboursements',
    payouts: 'Virements déjà demandés',
    available: 'Solde disponible',
    commissionVat: 'TVA sur la commission',
    debts: 'Dettes réglées entre vos événements',
    debtsTheirs: 'Dettes réglées entre ses événements',
    owed: 'Montant dû',
    organizerBalance: 'Votre solde, tous événements confondus',
    debtNote: 'Ce montant sera déduit de vos prochains virements, sur n’importe lequel de vos événements.',
    // The same lines as an administrator reads them: the balance is the organiser's, not theirs.
    organizerBalanceTheirs: 'Solde de l’organisateur, tous événements confondus',
    debtNoteTheirs:
      'Ce montant sera déduit des prochains virements de l’organisateur, sur n’importe lequel de ses événements.',
    viewBalance: 'Voir le solde',
    debtRecovered: (amount: string) => `Dont ${amount} retenus pour ce que vous devez sur d’autres événements.`,
    notYet: (date: string) => `Le virement pourra être demandé à partir du ${date}, à la fin de l’événement.`,
    advance: (amount: string) => `Avance possible avant la fin de l’événement : ${amount}.`,
    rateUsed: (line: string) => `Commission appliquée : ${line}`,
    nothingLeft: 'Aucun solde à virer pour cet événement.',
    freeEvent: 'Les virements concernent les événements payants.',
    bankTitle: 'Coordonnées bancaires',
    holderLabel: 'Titulaire du compte',
    ibanLabel: 'IBAN',
    bicLabel: 'BIC (facultatif)',
    saveBank: 'Enregistrer les coordonnées',
    bankSaved: 'Vos coordonnées bancaires ont été enregistrées.',
    editBank: 'Modifier les coordonnées',
    request: (amount: string) => `Demander le virement de ${amount}`,
    history: 'Demandes précédentes',
    noHistory: 'Aucune demande de virement pour le moment.',
    statuses: {
      requested: 'En attente',
      batched: 'En cours de virement',
      paid: 'Versé',
      cancelled: 'Annulé',
      rejected: 'Refusé',
      returned: 'Retourné par la banque',
    },
    loadFailed: 'Impossible de charger le solde de cet événement.',
    close: 'Fermer',
  },
  errors: {
    holderRequired: 'Veuillez saisir le titulaire du compte.',
    holderTooLong: 'Le nom du titulaire ne doit pas dépasser 70 caractères.',
    ibanRequired: 'Veuillez saisir un IBAN.',
    ibanInvalid: "Cet IBAN n'est pas valide.",
    ibanNotSepa: "Cet IBAN n'appartient pas à la zone SEPA.",
    bicInvalid: "Ce BIC n'est pas valide.",
    noBankAccount: 'Veuillez enregistrer vos coordonnées bancaires avant de demander un virement.',
    nothingLeft: 'Aucun solde à virer pour cet événement.',
    debtFirst:
      'Votre solde sert d’abord à régler ce que vous devez sur vos autres événements : aucun montant à virer pour le moment.',
    notYetAllowed: (date: string) => `Le virement pourra être demandé à partir du ${date}, à la fin de l’événement.`,
    freeEvent: 'Les virements concernent les événements payants.',
    cancelledEvent: 'Cet événement est annulé : son solde sert au remboursement des participants.',
    organiserOnly:
      "Seul l'organisateur de l'événement peut demander le virement de son solde : il est versé sur son propre compte bancaire.",
    requestFailed: "La demande de virement n'a pas pu être effectuée. Veuillez réessayer.",
  },
  mail: {
    requestedSubject: (brand: string, event: string) => `${brand} : demande de virement pour « ${event} »`,
    requestedBody: (firstName: string, amount: string, event: string, iban: string) =>
      `Bonjour ${firstName},\n\nNous avons bien reçu votre demande de virement de ${amount} pour « ${event} », vers le compte ${iban}.\nLe solde vous sera versé sous 5 à 10 jours ouvrés.\n`,
    paidSubject: (brand: string, event: string) => `${brand} : votre virement pour « ${event} » est parti`,
    paidBody: (firstName: string, amount: string, event: string, reference: string) =>
      `Bonjour ${firstName},\n\nLe virement de ${amount} pour « ${event} » a été émis (référence : ${reference}).\nIl apparaîtra sur votre compte selon les délais de votre banque.\n`,
    cancelledSubject,
    cancelledBody: (firstName: string, amount: string, event: string) =>
      `Bonjour ${firstName},\n\nVous avez annulé « ${event} » : votre demande de virement de ${amount} est annulée, car ce montant sert au remboursement des participants.\n`,
    dateCancelledSubject: cancelledSubject,
    dateCancelledBody: (firstName: string, amount: string, event: string, date: string) =>
      `Bonjour ${firstName},\n\nVous avez annulé la date du ${date} de « ${event} » : votre demande de virement de ${amount} est annulée, car ce montant sert d'abord au remboursement des participants de cette date.\nVous pourrez refaire une demande une fois ces remboursements effectués.\n`,
    returnedSubject: (brand: string, event: string) => `${brand} : votre virement pour « ${event} » est revenu`,
    returnedBody: (firstName: string, amount: string, event: string, iban: string) =>
      `Bonjour ${firstName},\n\nLe virement de ${amount} pour « ${event} » vers le compte ${iban} nous a été retourné par la banque.\nLe montant est de nouveau disponible dans votre solde : vérifiez vos coordonnées bancaires, puis refaites une demande de virement.\n`,
    rejectedSubject: (brand: string, event: string) => `${brand} : votre demande de virement pour « ${event} »`,
    rejectedBody: (firstName: string, amount: string, event: string, reason: string) =>
      `Bonjour ${firstName},\n\nVotre demande de virement de ${amount} pour « ${event} » n'a pas pu être traitée.\nMotif : ${reason}\nLe montant est de nouveau disponible dans votre solde ; vous pouvez refaire une demande.\n`,
  },
} as const;
