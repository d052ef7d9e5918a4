import { plural } from './plural';

/**
 * Private links, leaving an event and the ticket itself (QR code, PDF): 1-attendee.md "Event
 * page", §6 and §9. Part of `fr` as `ticketsFr`.
 */
export const ticketsFr = {
  privateLink: {
    title: 'Lien privé',
    intro: 'Choisissez les billets masqués accessibles par le lien privé.',
    hiddenTickets: 'Billets masqués',
    noHiddenTickets: "Cet événement n'a aucun billet masqué.",
    generate: 'Générer le lien',
    linkLabel: 'Lien privé',
    copy: 'Copier le lien',
    copied: 'Lien privé copié.',
    qrAlt: (title: string) => `QR code du lien privé de ${title}`,
    qrHelp: 'Ce QR code ouvre le lien privé.',
    downloadQr: 'Télécharger le QR code',
    noTicketChosen: 'Veuillez sélectionner au moins un billet masqué.',
    notHiddenTicket: 'Seuls les billets masqués de cet événement peuvent être ajoutés à un lien privé.',
    loadError: 'Impossible de charger les billets masqués.',
  },
  leave: {
    button: "Quitter l'événement",
    title: "Quitter l'événement",
    text: 'Votre participation sera annulée et votre place libérée. Voulez-vous vraiment quitter cet événement ?',
    confirm: 'Quitter',
    done: "Vous avez quitté l'événement.",
    paidTicketHeld: 'Vous détenez un billet payant : vous ne pouvez pas quitter cet événement.',
    notParticipating: 'Vous ne participez pas à cet événement.',
  },
  ticket: {
    notFound: 'Billet introuvable.',
    pdfTitle: 'Billet',
    /** The title of an order's PDF holding several places, one page each. */
    pdfTitleMany: 'Billets',
    dates: (begin: string, end: string) => `Du ${begin} au ${end}`,
    address: 'Adresse',
    ticket: 'Billet',
    /** A ticket offered with a purchase (1-attendee.md §4: recorded as OFFERT). */
    offered: 'OFFERT',
    quantity: 'Nombre de places',
    holder: 'Titulaire',
    orderReference: 'Référence de commande',
    /** The legal fields (CGI art. 290 quater; annexe IV art. 50 sexies B). */
    organizer: 'Organisateur',
    unitPrice: 'Prix par place',
    free: 'Gratuit',
    ticketNumbers: (count: number) => plural(count, 'Numéro de billet', 'Numéros de billet'),
    showAtEntrance: "Présentez ce QR code à l'entrée de l'événement.",
    codeLabel: 'Code du billet',
  },
  /** Named tickets (issue 30): a holder per place, asked at booking, changed from « Mes billets ». */
  holders: {
    title: 'Titulaires des billets',
    intro: 'Cet événement demande le nom de la personne qui utilisera chaque place.',
    place: (index: number) => `Place ${index}`,
    firstName: 'Prénom du titulaire',
    lastName: 'Nom du titulaire',
    firstNameRequired: 'Veuillez saisir le prénom du titulaire.',
    lastNameRequired: 'Veuillez saisir le nom du titulaire.',
    tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
    oneHolderPerPlace: 'Veuillez indiquer le titulaire de chaque place.',
    deadlinePassed: 'La date limite est passée : le titulaire de ce billet ne peut plus être modifié.',
    notNamed: 'Cet événement ne demande pas de titulaire pour ses billets.',
    edit: 'Modifier le titulaire',
    editTitle: 'Titulaire du billet',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Le titulaire du billet a été modifié.',
    editableUntil: (date: string) => `Modifiable jusqu'au ${date}`,
    // The organiser's settings (the event's edit form).
    settingsTitle: 'Billets nominatifs',
    namedTickets: 'Demander le nom du titulaire de chaque place',
    namedTicketsHelp:
      "À la réservation, l'acheteur indique le prénom et le nom de la personne qui utilisera chaque place.",
    deadline: 'Modification des titulaires possible jusqu’au',
    deadlineHelp: "Laissez vide : jusqu'au début de l'événement.",
    deadlineInvalid:
      'La date limite de modification des titulaires doit être une date valide, avant la fin de l’événement.',
  },
  /** Wallet passes (issue 30): the buttons beside the PDF, and what the pass itself shows. */
  wallet: {
    addToApple: 'Ajouter à Apple Wallet',
    addToGoogle: 'Ajouter à Google Wallet',
    googleFailed: "Impossible de préparer l'ajout à Google Wallet. Réessayez.",
    passDescription: (eventTitle: string) => `Billet : ${eventTitle}`,
    event: 'Événement',
    date: 'Date',
    place: 'Lieu',
    voided: 'Billet annulé',
  },
} as const;
