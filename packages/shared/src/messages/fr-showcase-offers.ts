import { plural } from './plural';

/** The offers catalogue "Nos offres" (§2); its own file, for that page's first load. */
export const offersFr = {
  title: 'Nos offres',
  tabs: { location: 'Location', achat: 'Achat', service: 'Services photos et autres' },
  categoryLabel: 'Catégorie',
  categoryAll: 'Toutes',
  categories: { logistique: 'Logistique', securite: 'Sécurité', animation: 'Animation' },
  searchLabel: 'Rechercher',
  searchPlaceholder: 'Rechercher une offre',
  more: 'Voir plus',
  less: 'Voir moins',
  open: "Voir l'offre",
  details: (title: string) => `Voir l'offre ${title}`,
  empty: 'Aucune offre ne correspond à votre recherche.',
  loadFailed: 'Impossible de charger les offres. Réessayez dans un instant.',
  retry: 'Réessayer',
  count: (count: number) => `${count} ${plural(count, 'offre', 'offres')}`,
  imageAlt: (title: string) => title,
} as const;
