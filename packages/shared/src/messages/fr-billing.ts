/**
 * The organiser's billing identity (issue 29): the settings' 'Facturation' section, the gate on paid
 * ticketing and its notices. Texts are ours (docs/decisions.md, "Invoices and VAT").
 */
export const billingFr = {
  section: 'Facturation',
  intro:
    'Ces informations figurent sur les factures émises en votre nom pour les billets que vous vendez. Elles sont nécessaires pour ouvrir la billetterie d’un événement payant.',
  legalName: 'Raison sociale ou nom légal',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  registrationNumber: 'SIRET, SIREN ou numéro RNA',
  registrationHelp:
    'SIRET (14 chiffres), SIREN (9 chiffres) ou, pour une association sans SIREN, numéro RNA (W suivi de 9 chiffres).',
  vatRegime: 'Régime de TVA',
  vatRegimes: {
    vat: 'Assujetti à la TVA',
    franchise: 'Franchise en base de TVA',
  },
  franchiseMention: 'TVA non applicable, art. 293 B du CGI',
  vatNumber: 'Numéro de TVA intracommunautaire',
  vatNumberHelp: 'Par exemple FR40 123456824 : FR, la clé à 2 chiffres puis le SIREN.',
  save: 'Enregistrer les informations de facturation',
  saved: 'Vos informations de facturation ont bien été enregistrées.',
  updatedAt: (date: string) => `Dernière modification le ${date}.`,
  loadFailed: 'Impossible de charger vos informations de facturation.',
  errors: {
    legalNameRequired: 'Veuillez saisir la raison sociale ou le nom légal.',
    legalNameTooLong: 'La raison sociale ne doit pas dépasser 200 caractères.',
    streetRequired: "Veuillez saisir l'adresse.",
    postcodeRequired: 'Veuillez saisir le code postal.',
    postcodeInvalid: "Ce code postal n'est pas valide : 5 chiffres en France.",
    cityRequired: 'Veuillez saisir la ville.',
    countryRequired: 'Veuillez saisir le pays.',
    registrationRequired: 'Veuillez saisir votre SIRET, votre SIREN ou, pour une association, votre numéro RNA.',
    registrationFormat:
      'Saisissez un SIRET (14 chiffres), un SIREN (9 chiffres) ou un numéro RNA (W suivi de 9 chiffres).',
    sirenInvalid: "Ce SIREN n'est pas valide : sa clé de contrôle ne correspond pas.",
    siretInvalid: "Ce SIRET n'est pas valide : sa clé de contrôle ne correspond pas.",
    vatNumberRequired: 'Veuillez saisir votre numéro de TVA intracommunautaire, ou choisir la franchise en base.',
    vatNumberFormat: "Ce numéro de TVA intracommunautaire n'a pas un format valide.",
    vatKeyInvalid: "Ce numéro de TVA n'est pas valide : sa clé ne correspond pas au SIREN qu'il contient.",
    vatSirenMismatch: 'Ce numéro de TVA ne correspond pas à votre SIREN.',
    vatNeedsSiren:
      'Un numéro de TVA français contient un SIREN : saisissez ce SIREN ou votre SIRET plutôt que le numéro RNA.',
  },
  /** The gate on paid ticketing, and the notices that send the organiser to the settings. */
  gate: {
    missing: (fields: string) =>
      `Pour ouvrir la billetterie d’un événement payant, renseignez d’abord vos informations de facturation dans vos paramètres (manquant : ${fields}).`,
    missingFields: {
      legalName: 'raison sociale',
      address: 'adresse',
      registrationNumber: 'SIRET, SIREN ou RNA',
      vat: 'numéro de TVA ou franchise',
    },
    noticeTitle: 'Informations de facturation à compléter',
    noticeText: 'Vos informations de facturation sont nécessaires pour ouvrir la billetterie d’un événement payant.',
    noticeDue: (date: string) =>
      `Vos événements payants en vente continuent de vendre, mais vos informations de facturation doivent être renseignées avant le ${date}.`,
    noticeLink: 'Renseigner mes informations de facturation',
  },
  admin: {
    dueBy: (date: string) => `À compléter avant le ${date}`,
    dueFilter: 'Facturation à compléter',
  },
} as const;
