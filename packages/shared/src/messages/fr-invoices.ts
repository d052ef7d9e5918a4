import type { VatRate } from '../pricing/vat';

/**
 * The invoice and credit note PDF (issue 29; CGI art. 242 nonies A for what an invoice carries).
 * Part of `fr` as `invoicesFr`. The mandate and franchise mentions are the legal wording.
 */
export const invoicesFr = {
  /** What the confirmation mail adds once the order's invoices are issued. */
  mail: {
    paid: 'Ce que vous avez payé :',
    line: (quantity: number, label: string, amount: string) =>
      quantity > 1 ? `${quantity} × ${label} : ${amount}` : `${label} : ${amount}`,
    total: (amount: string) => `Total payé : ${amount}`,
    attached: (count: number) =>
      count > 1
        ? 'Vos factures sont jointes à ce message au format PDF.'
        : 'Votre facture est jointe à ce message au format PDF.',
  },
  /** What a refund mail adds once the refund's credit notes are issued. */
  creditNotes: {
    attached: (count: number) =>
      count > 1
        ? 'Les avoirs de ce remboursement sont joints à ce message au format PDF.'
        : 'L’avoir de ce remboursement est joint à ce message au format PDF.',
  },
  /** The rate a ticket or an option is sold at, chosen on the create and edit forms. */
  vat: {
    label: 'Taux de TVA',
    help: 'Le prix reste TTC : la TVA est comprise dedans.',
    rates: {
      '5.5': '5,5 % (concert, théâtre, cirque, variétés, sport)',
      '10': '10 % (foire, salon, exposition)',
      '20': '20 % (taux normal)',
      '2.1': '2,1 % (140 premières représentations d’une création)',
      none: 'TVA non applicable (art. 293 B du CGI)',
    },
    included: (rate: VatRate) => (rate === 'none' ? 'TVA non applicable' : `dont TVA ${rate.replace('.', ',')} %`),
    changed: 'Taux de TVA enregistré. Les factures déjà émises gardent leur taux.',
  },
  /**
   * An order's invoices in a company's name (issue 29): asked at checkout or later from the order,
   * issued as Factur-X. The checks answer the first failure, as the billing identity's do.
   */
  company: {
    checkbox: 'Je souhaite une facture au nom d’une entreprise',
    checkboxHelp: 'Les factures de la commande seront établies au nom de l’entreprise, au format Factur-X.',
    name: 'Raison sociale',
    address: 'Adresse de facturation',
    addressHelp: 'Numéro et rue, code postal et ville.',
    siren: 'SIREN ou SIRET',
    vatNumber: 'N° de TVA intracommunautaire (facultatif)',
    action: 'Facture au nom d’une entreprise',
    dialogIntro:
      'Les factures déjà émises seront annulées par un avoir et remplacées par des factures au nom de l’entreprise, au format Factur-X.',
    submit: 'Établir la facture',
    done: 'Les factures de la commande sont désormais au nom de l’entreprise.',
    errors: {
      nameRequired: 'Veuillez saisir la raison sociale de l’entreprise.',
      nameTooLong: 'La raison sociale ne doit pas dépasser 200 caractères.',
      addressRequired: 'Veuillez saisir l’adresse de l’entreprise.',
      addressTooLong: 'L’adresse ne doit pas dépasser 300 caractères.',
      sirenRequired: 'Veuillez saisir le SIREN ou le SIRET de l’entreprise.',
      sirenFormat: 'Saisissez un SIREN (9 chiffres) ou un SIRET (14 chiffres).',
      vatSirenMismatch: 'Ce numéro de TVA ne correspond pas au SIREN de l’entreprise.',
      notPaid: 'Une facture au nom d’une entreprise ne peut être demandée que pour une commande payée.',
      refunded:
        'Cette commande a été remboursée ou annulée : ses factures ne peuvent plus être établies au nom d’une entreprise.',
    },
  },
  /** The buyer's and the console's list of an order's documents. */
  list: {
    title: 'Factures',
    invoice: (number: string) => `Facture ${number}`,
    creditNote: (number: string) => `Avoir ${number}`,
    download: 'Télécharger',
    ticketNumbers: (numbers: string) => `N° ${numbers}`,
  },
  /**
   * The commission the platform sells the organiser, with its VAT at 20 % (issue 29): the rates
   * page and its simulator, the payouts' lines and the commission invoice.
   */
  commission: {
    rateVat: 'TVA de 20 % en sus : la commission est déduite TTC de vos virements, chacun avec sa facture.',
    exclVat: 'Commission HT',
    inclVat: 'Commission TTC (TVA 20 %)',
    payoutLine: (amount: string) => `Commission TTC déduite : ${amount}`,
    payoutLineShort: (amount: string) => `Commission TTC : ${amount}`,
    vatDue: (amount: string) =>
      `Le prochain virement déduira aussi la TVA sur la commission (${amount}), avec sa facture de commission.`,
    download: 'Facture de commission',
    downloadLabel: (date: string, eventTitle?: string) =>
      `Télécharger la facture de commission du virement du ${date}${eventTitle ? ` (${eventTitle})` : ''}`,
    invoiceLine: (eventTitle: string) => `Commission sur les ventes de billets — ${eventTitle}`,
    payoutReference: 'Virement',
    notFound: 'Cette facture de commission est introuvable.',
  },
  pdf: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    number: (number: string) => `N° ${number}`,
    issuedAt: (date: string) => `Date : ${date}`,
    seller: 'Vendeur',
    buyer: 'Client',
    siren: (value: string) => `SIREN : ${value}`,
    siret: (value: string) => `SIRET : ${value}`,
    rna: (value: string) => `RNA : ${value}`,
    vatNumber: (value: string) => `N° TVA intracommunautaire : ${value}`,
    mandate: (platform: string, seller: string) =>
      `Facture émise par ${platform} au nom et pour le compte de ${seller}`,
    corrects: (number: string) => `Avoir portant sur la facture n° ${number}`,
    orderReference: 'Commande',
    event: 'Événement',
    lines: {
      label: 'Désignation',
      quantity: 'Qté',
      unitInclVat: 'P.U. TTC',
      vatRate: 'Taux TVA',
      exclVat: 'Total HT',
      vat: 'TVA',
      inclVat: 'Total TTC',
    },
    vatRate: (rate: VatRate) => (rate === 'none' ? '—' : `${rate.replace('.', ',')} %`),
    vatSummary: 'Détail de la TVA',
    vatSummaryRate: 'Taux',
    vatSummaryBase: 'Base HT',
    vatSummaryVat: 'Montant TVA',
    totalExclVat: 'Total HT',
    totalVat: 'Total TVA',
    totalInclVat: 'Total TTC',
    vatFranchise: 'TVA non applicable, art. 293 B du CGI',
    page: (page: number, count: number) => `Page ${page} / ${count}`,
  },
  /** The console's 'Déclarations' section and its exports: what the organiser declares, per month. */
  declarations: {
    tab: 'Déclarations',
    title: 'Déclarations',
    intro:
      'Chiffre d’affaires de la billetterie et TVA collectée, d’après les factures et avoirs émis en votre nom. Les mois sont ceux de l’émission des factures.',
    periodLabel: 'Période',
    allMonths: 'Tous les mois',
    month: (month: string) => {
      const [year, index] = month.split('-');
      const names = [
        'janvier',
        'février',
        'mars',
        'avril',
        'mai',
        'juin',
        'juillet',
        'août',
        'septembre',
        'octobre',
        'novembre',
        'décembre',
      ];
      return `${names[Number(index) - 1] ?? index} ${year}`;
    },
    ratesCaption: 'Chiffre d’affaires et TVA collectée par taux',
    columns: { rate: 'Taux', revenue: 'CA HT', vat: 'TVA' },
    rate: (rate: VatRate) => (rate === 'none' ? 'TVA non applicable' : `${rate.replace('.', ',')} %`),
    total: 'Total',
    ticketsTitle: 'Billets',
    paidTickets: 'Billets payants',
    freeTickets: 'Billets gratuits (gratuits, offerts, invitations)',
    cnmTitle: 'Taxe sur les spectacles (CNM)',
    cnmBase: 'Assiette (CA HT)',
    cnmTax: 'Taxe CNM (3,5 %)',
    cnmNotConcerned: 'La catégorie de cet événement n’est pas concernée par la taxe CNM.',
    empty: 'Aucune vente facturée pour cette période.',
    /** An event of several dates (issue 32): a block per date, the passes apart, after the totals. */
    allDates: 'Toutes les dates',
    dateTitle: (date: string, isCancelled: boolean) => `Date du ${date}${isCancelled ? ' (annulée)' : ''}`,
    passesTitle: 'Pass (plusieurs dates)',
    loadFailed: 'Impossible de charger les déclarations.',
    exportXlsx: 'Exporter en xlsx',
    exportCsv: 'Exporter en CSV',
    exportFailed: 'L’export n’a pas pu être téléchargé. Réessayez.',
    sheet: 'Déclarations',
    event: 'Événement',
    fileName: (title: string, period: string) => `Déclarations ${title} ${period}`,
  },
} as const;
