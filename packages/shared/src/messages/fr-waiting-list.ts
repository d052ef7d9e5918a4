import { plural } from './plural';

const places = (count: number) => `${count} ${plural(count, 'place', 'places')}`;

/**
 * The waiting list of a sold-out ticket (issue 30): the event page, the API's refusals and the
 * organiser's console. Part of the catalog as `waitingListFr`.
 */
export const waitingListFr = {
  panel: {
    title: 'Liste d’attente',
    help: 'Quand des places se libèrent, les premières personnes de la liste reçoivent un e-mail pour les réserver.',
    join: 'Rejoindre la liste d’attente',
    signInToJoin: 'Se connecter pour rejoindre la liste d’attente',
    quantity: 'Nombre de places',
    onList: (count: number) => `Vous êtes sur la liste d’attente (${places(count)})`,
    offered: 'Des places vous sont réservées : ouvrez le lien reçu par e-mail pour les prendre.',
    accepted: 'Vos places sont réservées pour votre paiement en cours.',
    leave: 'Quitter la liste d’attente',
    joined: 'Vous êtes sur la liste d’attente : nous vous écrirons si des places se libèrent.',
    left: 'Vous avez quitté la liste d’attente.',
    failed: (error: string) => `Une erreur s'est produite : ${error}`,
  },
  settings: {
    title: 'Liste d’attente',
    hours: 'Délai pour prendre des places libérées (heures)',
    help: 'Quand des places d’un billet complet se libèrent, les premières personnes de la liste d’attente les reçoivent pour ce délai (24 heures si vide), jamais au-delà de la fin de la vente.',
    hoursInvalid: (max: number) => `Indiquez un nombre entier d’heures, entre 1 et ${max}.`,
  },
  errors: {
    onSale: 'Des places de ce billet sont en vente : réservez-les directement.',
    alreadyInLine: 'Vous êtes déjà sur la liste d’attente de ce billet.',
    quantity: (max: number) => `Choisissez entre 1 et ${max} places.`,
    ticketNotFound: 'Ce billet n’existe pas ou n’est pas accessible.',
    saleClosed: 'La billetterie de cet événement est fermée : sa liste d’attente aussi.',
    offerNotFound: 'Ce lien d’offre n’est pas valide.',
    offerNotYours: 'Cette offre est réservée à la personne qui l’a reçue : connectez-vous avec son compte.',
    offerUsed: 'Ce lien a déjà été utilisé : vos places sont dans votre réservation en cours ou dans « Mes billets ».',
    offerExpired: 'Cette offre a expiré : les places ont été proposées à la personne suivante.',
    dateRequired: 'Choisissez la date pour laquelle vous attendez une place.',
  },
  offer: {
    mailSubject: (brand: string, event: string) => `${brand} : des places se sont libérées pour ${event}`,
    mailBody: (firstName: string, event: string, ticket: string, count: number, deadline: string, url: string) =>
      `Bonjour ${firstName},\n\nVous étiez sur la liste d’attente de « ${event} » : ${places(count)} « ${ticket} » vous ${count > 1 ? 'sont réservées' : 'est réservée'} jusqu’au ${deadline}.\n\nPour les prendre, ouvrez ce lien en étant connecté(e) à votre compte, puis payez dans les 3 minutes : ${url}\n\nPassé ce délai, elles seront proposées à la personne suivante.`,
    pageTitle: 'Votre offre de la liste d’attente',
    summary: (count: number, ticket: string, event: string) => `${places(count)} « ${ticket} » pour « ${event} »`,
    deadline: (count: number, when: string) => `${plural(count, 'Réservée', 'Réservées')} pour vous jusqu’au ${when}.`,
    total: (amount: string) => `Total : ${amount}`,
    take: 'Prendre mes places',
    signIn: 'Se connecter pour prendre mes places',
    taken: 'Vos places sont réservées : vous avez 3 minutes pour payer.',
    free: 'Vos places sont à vous : retrouvez vos billets dans « Mes billets ».',
    myTickets: 'Mes billets',
  },
  console: {
    tab: 'Liste d’attente',
    title: 'Listes d’attente',
    empty: 'Personne n’attend de place pour cet événement.',
    ticketEmpty: 'Personne n’attend ce billet.',
    counts: (waiting: number, offered: number, converted: number) =>
      `${waiting} en attente · ${offered} ${plural(offered, 'offre envoyée', 'offres envoyées')} · ${converted} ${plural(converted, 'converti', 'convertis')}`,
    columns: {
      position: 'Rang',
      name: 'Nom',
      email: 'E-mail',
      quantity: 'Places',
      joinedAt: 'Inscription',
      status: 'Statut',
    },
    statuses: {
      waiting: 'En attente',
      offered: 'Offre envoyée',
      accepted: 'Paiement en cours',
      converted: 'Converti',
      left: 'Parti',
      expired: 'Offre expirée',
    },
  },
} as const;
