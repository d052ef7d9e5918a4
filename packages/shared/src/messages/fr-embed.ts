/** The ticket shop an organiser embeds in their own website (issue 33). */
export const embedFr = {
  console: {
    tab: 'Intégration',
    title: 'Billetterie sur votre site',
    intro:
      'Affichez les billets de cet événement sur votre propre site : les places restantes sont à jour en direct, et la réservation (connexion, paiement) s’ouvre dans une fenêtre sur notre site.',
    domainsTitle: 'Sites autorisés',
    domainsLabel: 'Domaines de votre site',
    domainsHelp:
      'Un domaine par ligne (exemple : www.mon-site.fr), 20 au plus. Seules les pages de ces domaines peuvent afficher la billetterie ; ailleurs, le navigateur la refuse.',
    save: 'Enregistrer les domaines',
    saved: 'Les domaines autorisés ont été enregistrés.',
    noDomains: 'Aucun domaine déclaré : aucun site ne peut encore afficher cette billetterie.',
    snippetTitle: 'Code à copier dans votre site',
    scriptLabel: 'Script (recommandé : la hauteur s’ajuste toute seule)',
    iframeLabel: 'Ou une simple iframe',
    themeHelp:
      'Le widget suit le thème clair ou sombre de votre site : ajoutez data-theme="light" ou data-theme="dark" à la balise, sinon il suit le réglage du visiteur.',
    copy: 'Copier',
    copied: 'Copié',
  },
  domains: {
    invalid: (host: string) => `« ${host} » n’est pas un nom de domaine valide (exemple : www.mon-site.fr).`,
    tooMany: (max: number) => `Vous pouvez déclarer ${max} domaines au plus.`,
  },
  widget: {
    /** The frame's accessible name on the organiser's page. */
    frameTitle: 'Billetterie',
    book: 'Réserver',
    opensWindow: 'La réservation s’ouvre dans une nouvelle fenêtre.',
    waiting: 'Terminez votre réservation dans la fenêtre ouverte. Ce widget se mettra à jour ensuite.',
    done: (places: number) =>
      places > 1 ? `Réservation confirmée : ${places} places.` : 'Réservation confirmée : 1 place.',
    doneHint: 'Vos billets sont dans votre espace, rubrique Mes billets.',
    unavailable: 'Cette billetterie n’est pas disponible.',
    poweredBy: (brand: string) => `Billetterie ${brand}`,
    /** What the script shows where the frame cannot appear (a site the organiser did not declare). */
    fallbackLink: 'Voir la billetterie',
  },
  popup: {
    backToSite: 'Votre réservation est enregistrée : vous pouvez fermer cette fenêtre et revenir sur le site.',
  },
  bookings: {
    orderNotFound: 'Cette commande est introuvable.',
  },
} as const;
