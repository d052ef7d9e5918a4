import {
  CUP_QUANTITIES,
  RED_CUP_PACK_SIZE,
  type ShopCategory,
  type ShopOffer,
  type ShopVariant,
} from '@guichet/shared';
import type { Database } from '../client';
import { shopProducts } from '../schema';

type CatalogueItem = {
  slug: string;
  offer: ShopOffer;
  category: ShopCategory;
  title: string;
  description: string;
  priceCents: number | null;
  priceLabel?: string;
  variants?: ShopVariant[];
  /** How many pictures the item has (the web app's public/showcase/products/{slug}-{n}.svg). */
  pictures: number;
};

const variant = (label: string, priceCents: number, extra: Partial<ShopVariant> = {}): ShopVariant => ({
  label,
  priceCents,
  priceLabel: null,
  packSize: 1,
  quantities: null,
  ...extra,
});

/**
 * Every item and price of 3-showcase-and-shell.md §9 "Shop prices", in euros converted to cents.
 * Titles, descriptions, categories and the powder's formats are ours: the spec gives the prices
 * only (docs/decisions.md, "Showcase").
 */
const SHOP_CATALOGUE: CatalogueItem[] = [
  {
    slug: 'terminal-3g',
    offer: 'location',
    category: 'logistique',
    title: 'Terminal de paiement 3G',
    description:
      'Un terminal de paiement autonome, relié au réseau mobile : encaissez vos boissons et vos entrées par carte partout, même sans Wi-Fi. Commission de 1,75 % par transaction, en plus de la location.',
    priceCents: 1550,
    pictures: 2,
  },
  {
    slug: 'terminal-3g-station',
    offer: 'location',
    category: 'logistique',
    title: 'Station de recharge supplémentaire',
    description:
      'Une base de recharge de plus pour votre terminal 3G, pour garder un appareil chargé pendant que l’autre encaisse.',
    priceCents: 300,
    pictures: 1,
  },
  {
    slug: 'terminal-na',
    offer: 'location',
    category: 'logistique',
    title: 'Terminal de paiement NA',
    description:
      'Un terminal de paiement relié à sa station, idéal pour un bar ou une billetterie fixe. Commission de 1,75 % par transaction, en plus de la location.',
    priceCents: 500,
    pictures: 1,
  },
  {
    slug: 'terminal-na-station',
    offer: 'location',
    category: 'logistique',
    title: 'Station du terminal NA',
    description: 'La station qui relie et recharge le terminal NA. Une par terminal et par point d’encaissement.',
    priceCents: 200,
    pictures: 1,
  },
  {
    slug: 'breathalyser-rental',
    offer: 'location',
    category: 'securite',
    title: "Location d'éthylotest électronique",
    description:
      'Un éthylotest électronique à disposition de vos participants en fin de soirée, pour que chacun reparte en sécurité.',
    priceCents: 300,
    pictures: 1,
  },
  {
    slug: 'beer-pong-table',
    offer: 'location',
    category: 'animation',
    title: 'Table de beer pong',
    description: 'Une table pliante aux dimensions officielles, pour animer votre soirée. Balles et gobelets en vente.',
    priceCents: 1000,
    pictures: 2,
  },
  {
    slug: 'candy-floss-machine',
    offer: 'location',
    category: 'animation',
    title: 'Machine à barbe à papa',
    description:
      'Une machine professionnelle, simple à utiliser, qui ravit petits et grands. Sucre et bâtonnets en vente.',
    priceCents: 4000,
    pictures: 2,
  },
  {
    slug: 'anti-drug-cap',
    offer: 'achat',
    category: 'securite',
    title: 'Capuchon anti-drogue',
    description: 'Un capuchon qui ferme le verre ou la bouteille et protège les boissons de vos participants.',
    priceCents: 150,
    pictures: 1,
  },
  {
    slug: 'coloured-powder',
    offer: 'achat',
    category: 'animation',
    title: 'Poudre colorée',
    description:
      'Une poudre colorée naturelle, à base d’amidon de maïs, pour vos color runs et vos fêtes. Choisissez le format qui vous convient.',
    priceCents: null,
    priceLabel: 'Prix selon le format',
    variants: [
      variant('Sachet de 100 g (lot de 6)', 780),
      variant('Sachet de 100 g (lot de 12)', 1140),
      variant('Sachet de 100 g (lot de 36)', 3600),
      variant('Sachet de 1 kg', 800),
      variant('Carton de 10 sachets de 1 kg', 8000),
      variant('Fumigènes colorés (lot de 6)', 4200),
    ],
    pictures: 3,
  },
  {
    slug: 'breathalyser',
    offer: 'achat',
    category: 'securite',
    title: 'Éthylotest électronique',
    description: 'Un éthylotest électronique à garder : votre structure le prête à chaque soirée.',
    priceCents: 2700,
    pictures: 1,
  },
  {
    slug: 'ball',
    offer: 'achat',
    category: 'animation',
    title: 'Balle de beer pong',
    description: 'Une balle de ping-pong réglementaire, pour la table de beer pong.',
    priceCents: 50,
    pictures: 1,
  },
  {
    slug: 'cups',
    offer: 'achat',
    category: 'animation',
    title: 'Gobelets',
    description:
      'Les gobelets rouges de vos soirées, vendus par paquets de 50, ou des gobelets réutilisables pour limiter les déchets. Choisissez le type puis le nombre de gobelets.',
    priceCents: 500,
    variants: [
      {
        label: 'Gobelets rouges',
        priceCents: 500,
        priceLabel: null,
        packSize: RED_CUP_PACK_SIZE,
        quantities: [...CUP_QUANTITIES.red],
      },
      {
        label: 'Gobelets réutilisables',
        priceCents: null,
        priceLabel: 'Prix sur devis',
        packSize: 1,
        quantities: [...CUP_QUANTITIES.reusable],
      },
    ],
    pictures: 2,
  },
  {
    slug: 'photo-book',
    offer: 'achat',
    category: 'animation',
    title: 'Livre photo',
    description: 'Les meilleurs moments de votre événement, imprimés dans un livre photo relié.',
    priceCents: 2500,
    pictures: 1,
  },
  {
    slug: 'confetti-cannon',
    offer: 'achat',
    category: 'animation',
    title: 'Canon à confettis',
    description: 'Un canon à confettis à déclencher à la main, pour le moment fort de votre soirée.',
    priceCents: 105,
    pictures: 1,
  },
  {
    slug: 'sugar',
    offer: 'achat',
    category: 'animation',
    title: 'Sucre pour barbe à papa',
    description: 'Un sucre aromatisé et coloré, prêt à l’emploi dans la machine à barbe à papa.',
    priceCents: 700,
    pictures: 1,
  },
  {
    slug: 'sticks',
    offer: 'achat',
    category: 'animation',
    title: 'Bâtonnets pour barbe à papa',
    description: 'Des bâtonnets en bois pour servir la barbe à papa.',
    priceCents: 400,
    pictures: 1,
  },
  {
    slug: 'bracelets',
    offer: 'achat',
    category: 'securite',
    title: 'Bracelets',
    description:
      'Des bracelets d’identification inviolables pour contrôler les entrées et les zones de votre événement.',
    priceCents: 105,
    pictures: 1,
  },
  {
    slug: 'flyers',
    offer: 'achat',
    category: 'logistique',
    title: 'Flyers',
    description: 'Des flyers imprimés aux couleurs de votre événement, pour le faire connaître autour de vous.',
    priceCents: 3500,
    pictures: 1,
  },
  {
    slug: 'photographer',
    offer: 'service',
    category: 'animation',
    title: 'Photographe',
    description: 'Un photographe professionnel couvre votre événement ; vous recevez les photos retouchées.',
    priceCents: null,
    priceLabel: "À partir de 25 € de l'heure",
    pictures: 2,
  },
  {
    slug: 'photo-retouch',
    offer: 'service',
    category: 'animation',
    title: 'Retouche photo',
    description: 'Retouche de vos photos : lumière, couleurs et recadrage. Le prix s’entend par photo.',
    priceCents: 50,
    pictures: 1,
  },
  {
    slug: 'candy-floss-service',
    offer: 'service',
    category: 'animation',
    title: 'Stand de barbe à papa',
    description: 'Un stand de barbe à papa tenu par notre équipe pendant votre événement.',
    priceCents: null,
    priceLabel: "8 € de l'heure (vendue 2 € l'unité)",
    pictures: 1,
  },
];

const productPicture = (slug: string, index: number) => `/showcase/products/${slug}-${index}.svg`;

/**
 * Seeds the catalogue once per item, production included. Existing items are left alone: an
 * administrator's price change survives every restart.
 */
export async function ensureShopCatalogue(db: Database): Promise<void> {
  await db
    .insert(shopProducts)
    .values(
      SHOP_CATALOGUE.map((item, position) => ({
        slug: item.slug,
        offer: item.offer,
        category: item.category,
        title: item.title,
        description: item.description,
        priceCents: item.priceCents,
        priceLabel: item.priceLabel ?? null,
        variants: item.variants ?? [],
        images: Array.from({ length: item.pictures }, (_, index) => productPicture(item.slug, index + 1)),
        position,
      })),
    )
    .onConflictDoNothing({ target: shopProducts.slug });
}
