import { plural } from './plural';

/** The dates (séances) of an event (issue 32): its page, the console's tab and filters, tickets. */
export const eventDatesFr = {
  picker: {
    title: 'Dates',
    /** The radio group's name for screen readers on the grid: the month it shows. */
    weekdays: ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'],
    soldOut: 'Complet',
    cancelled: 'Annulée',
    moved: (from: string) => `Déplacée (prévue le ${from})`,
    placesLeft: (count: number) => `${count} ${plural(count, 'place', 'places')}`,
    fewLeft: (count: number) => (count <= 1 ? "Plus qu'une place" : `Plus que ${count} places`),
    /** A month grid's cell is narrow: the places left said short. */
    placesShort: (count: number) => `${count} pl.`,
    chooseFirst: 'Choisissez une date pour voir ses billets.',
    chosen: (date: string) => `Billets du ${date}`,
    passes: 'Pass',
    passCovers: (dates: string) => `Valable : ${dates}`,
    allDates: 'Valable à toutes les dates',
    dateSoldOutNow: (date: string) => `La date du ${date} est complète.`,
  },
  card: {
    dateCount: (count: number) => `${count} dates`,
  },
  myTickets: {
    date: 'Date',
    passDates: (count: number) => `Pass · ${count} ${plural(count, 'date', 'dates')}`,
    cancelled: 'Date annulée',
    moved: (from: string) => `Date déplacée (prévue le ${from})`,
  },
  filter: {
    label: 'Date',
    all: 'Toutes les dates',
  },
  console: {
    tab: 'Dates',
    title: "Dates de l'événement",
    intro:
      'Un événement peut avoir plusieurs dates (séances), chacune avec ses places. Un billet est vendu pour une date, un pass pour plusieurs.',
    empty: 'Aucune date.',
    columns: {
      start: 'Début',
      end: 'Fin',
      capacity: 'Places',
      sold: 'Vendues',
      status: 'Statut',
      actions: 'Actions',
    },
    noCapacity: 'Sans limite',
    status: { onsale: 'En vente', soldOut: 'Complet', cancelled: 'Annulée' },
    movedFrom: (from: string) => `Déplacée, prévue le ${from}`,
    add: 'Ajouter une date',
    addRepeat: 'Ajouter des dates répétées',
    fields: {
      dateBegin: 'Début',
      dateEnd: 'Fin',
      capacity: 'Places (toutes billetteries confondues)',
      capacityHint: 'Vide : pas de limite propre à cette date',
      dateMaxRefund: "Remboursement possible jusqu'au",
      weekdays: 'Jours de la semaine',
      fromDay: 'Du',
      toDay: 'Au',
      startTime: 'Heure de début',
      endTime: 'Heure de fin',
      endTimeHint: 'Une heure de fin avant le début finit le lendemain.',
      message: 'Message aux participants',
    },
    weekdayNames: ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'],
    preview: (count: number) =>
      count === 0
        ? 'Aucune date ne correspond.'
        : `${count} ${plural(count, 'date sera créée', 'dates seront créées')}.`,
    required: 'Renseignez le début et la fin.',
    create: 'Créer',
    createRepeat: 'Créer les dates',
    created: 'Date ajoutée',
    createdMany: (count: number) => `${count} ${plural(count, 'date ajoutée', 'dates ajoutées')}`,
    edit: 'Modifier',
    editTitle: 'Modifier la date',
    save: 'Enregistrer',
    saved: 'Date modifiée',
    remove: 'Supprimer',
    removeConfirm: "Supprimer cette date ? Aucune place n'y est vendue.",
    removed: 'Date supprimée',
    move: 'Déplacer',
    moveTitle: 'Déplacer la date',
    moveText:
      'Les acheteurs de cette date seront prévenus par e-mail avec votre message ; chacun pourra demander le remboursement de ses places.',
    moved: 'Date déplacée, les acheteurs sont prévenus',
    cancel: 'Annuler la date',
    cancelTitle: 'Annuler cette date',
    counting: 'Comptage des commandes à rembourser…',
    cancelText: (orders: number, isPartial: boolean) =>
      orders === 0 && !isPartial
        ? "Aucune commande n'est à rembourser. La date ne sera plus en vente."
        : `${isPartial ? 'Au moins ' : ''}${orders} ${plural(orders, 'commande sera remboursée', 'commandes seront remboursées')} et leurs acheteurs prévenus. Cette action est définitive.`,
    cancelConfirm: 'Annuler la date',
    cancelledToast: 'Date annulée, ses commandes sont remboursées',
    close: 'Fermer',
    actionsOf: (date: string) => `Actions pour la date du ${date}`,
    afterSalesEdit:
      "Des places sont vendues : seules les places et le remboursement se modifient ; pour changer l'horaire, déplacez la date.",
  },
  tickets: {
    dates: 'Dates',
    datesHint: 'Vide : toutes les dates',
    datesPlaceholder: 'Toutes les dates',
    pass: 'Pass',
    passHint: 'Une place du pass vaut pour chacune de ses dates.',
  },
} as const;
