/** Invitations (issue 31): free named places the organiser gives, one by one or from a file; the console's tab. */
export const invitationsFr = {
  tab: 'Invitations',
  title: 'Inviter une personne',
  intro:
    'Une invitation est un billet gratuit et nominatif, numéroté comme les autres places et envoyé par e-mail à la personne invitée. Elle compte dans la jauge.',
  ticket: 'Billet',
  ticketDefault: 'Premier billet gratuit, sinon le moins cher',
  clearTicket: 'Ne pas choisir de billet',
  email: 'Email',
  firstName: 'Prénom',
  lastName: 'Nom',
  submit: 'Inviter',
  created: "L'invitation a été envoyée.",
  list: 'Invitations envoyées',
  empty: "Aucune invitation n'a encore été envoyée pour cet événement.",
  columns: {
    name: 'Nom',
    email: 'Email',
    ticket: 'Billet',
    date: 'Date',
    number: 'N°',
    status: 'Statut',
    actions: 'Actions',
  },
  statusValid: 'Valide',
  statusRevoked: 'Révoquée',
  revoke: 'Révoquer',
  revokeLabel: (name: string) => `Révoquer l'invitation de ${name}`,
  revokeTitle: "Révoquer l'invitation",
  revokeConfirm: (name: string) =>
    `Le billet de ${name} sera refusé à l'entrée, y compris par les scanners hors ligne à leur prochaine synchronisation. Sa place revient dans la jauge.`,
  revokeSubmit: 'Révoquer',
  revoked: "L'invitation a été révoquée.",
  alreadyRevoked: 'Cette invitation est déjà révoquée.',
  notFound: "Cette invitation n'existe pas.",
  importTitle: 'Importer un fichier',
  importHelp: (max: number) =>
    `Un classeur .xlsx ou un fichier .csv, une ligne par personne, avec les colonnes Email, Prénom et Nom, et si besoin Billet (le titre du billet) et Date (pour un événement de plusieurs dates : jj/mm/aaaa, avec l'heure s'il y en a plusieurs ce jour-là). ${max} lignes au plus.`,
  file: 'Fichier',
  clearFile: 'Retirer le fichier',
  preview: 'Vérifier le fichier',
  previewSummary: (valid: number, errors: number) =>
    errors === 0
      ? `${valid} invitation(s) prête(s) à être envoyée(s).`
      : `${errors} ligne(s) en erreur sur ${valid + errors} : corrigez le fichier, rien ne sera créé tant qu'il reste une erreur.`,
  previewColumns: {
    line: 'Ligne',
    email: 'Email',
    firstName: 'Prénom',
    lastName: 'Nom',
    ticket: 'Billet',
    date: 'Date',
    error: 'Erreur',
  },
  rowOk: 'OK',
  confirmImport: (count: number) => `Envoyer ${count} invitation(s)`,
  cancelImport: 'Annuler',
  imported: (count: number) => `${count} invitation(s) envoyée(s).`,
  // The file as a whole.
  fileRequired: 'Choisissez un fichier .xlsx ou .csv.',
  fileTooLarge: (megabytes: number) => `Le fichier dépasse ${megabytes} Mo.`,
  fileUnreadable: "Le fichier n'a pas pu être lu : envoyez un classeur .xlsx ou un fichier .csv.",
  fileEmpty:
    'Le fichier ne contient aucune invitation : la première ligne doit nommer les colonnes, les suivantes une personne chacune.',
  fileColumns:
    'Les colonnes du fichier ne sont pas reconnues : la première ligne doit contenir Email, Prénom et Nom (et si besoin Billet et Date).',
  tooManyRows: (count: number, max: number) =>
    `Le fichier contient ${count} lignes : ${max} invitations au plus par import. Découpez-le en plusieurs fichiers.`,
  notEnoughPlaces: (count: number) =>
    `Il ne reste pas assez de places pour ces ${count} invitations : aucune n'a été créée.`,
  fileHasErrors: "Le fichier contient des erreurs : aucune invitation n'a été créée. Vérifiez-le pour les voir.",
  // One row, or the single form.
  emailRequired: "L'email est obligatoire.",
  emailInvalid: "L'email n'est pas valide.",
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: 'Le nom est obligatoire.',
  nameTooLong: (max: number) => `Le prénom et le nom font ${max} caractères au plus.`,
  formula: 'Une cellule commence par =, +, - ou @ : les formules ne sont pas acceptées.',
  duplicate: (line: number) => `Cette personne figure déjà à la ligne ${line}.`,
  alreadyInvited: 'Cette personne a déjà une invitation pour cet événement.',
  unknownTicket: 'Aucun billet de cet événement ne porte ce titre.',
  ticketRequired: 'Choisissez un billet de cet événement.',
  noTicket: "Cet événement n'a aucun billet disponible pour une invitation.",
  // A row's date, on an event of several dates (issue 32).
  dateUnreadable: "La date n'est pas lisible : écrivez-la jj/mm/aaaa, et l'heure si besoin (12/07/2027 20:30).",
  unknownDate: "Aucune date de l'événement ne correspond à cette date.",
  ambiguousDate: (count: number) =>
    `L'événement a ${count} dates ce jour-là : ajoutez l'heure (par exemple 12/07/2027 20:30).`,
  passHasNoDate: 'Ce billet est un pass, valable à toutes les dates : laissez la date vide.',
} as const;
