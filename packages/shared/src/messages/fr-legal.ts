/**
 * Long-form French texts of the legal pages (terms, privacy policy) and, through `aboutFr`, of the about page.
 * The product name is configurable: every page is a function of `brand`, called by the page with the brand name.
 */
import { aboutFr, privacyFr } from './fr-about';

import type { TermsContent } from './legal-content';

export type { LegalBlock, LegalSection } from './legal-content';

const updatedAt = 'Dernière mise à jour : 22 novembre 2026';

const contactLink = { link: 'page Contact', to: '/contact' } as const;

const terms = (brand: string) =>
  ({
    title: "Conditions générales d'utilisation",
    updatedAt,
    tocLabel: 'Sur cette page',
    cgu: {
      id: 'cgu',
      label: "Conditions générales d'utilisation (CGU)",
      preamble: [
        `${brand} est une plateforme de billetterie en ligne, accessible depuis un site internet et une application mobile, qui permet de découvrir des événements, d'y réserver des billets et, pour les organisateurs, de publier et de gérer leurs événements.`,
        `Les présentes conditions générales d'utilisation (CGU) définissent les règles d'accès et d'utilisation de ${brand}. Elles sont complétées par les conditions générales de vente (CGV), les conditions générales des organisateurs (CGO) et la politique de confidentialité.`,
        `Toute utilisation de ${brand} suppose l'acceptation pleine et entière des présentes conditions.`,
      ],
      articles: [
        {
          id: 'article-1',
          title: 'Article 1 – Objet et acceptation des conditions',
          body: [
            `Les présentes CGU ont pour objet de définir les conditions dans lesquelles les utilisateurs accèdent aux services de ${brand} et les utilisent.`,
            'Elles sont acceptées lors de la création du compte. Elles doivent également être acceptées lors de chaque achat de billet.',
            `${brand} peut modifier les présentes CGU. La nouvelle version est alors présentée à l'utilisateur lors de sa connexion et doit être acceptée pour continuer à utiliser son compte.`,
          ],
        },
        {
          id: 'article-2',
          title: 'Article 2 – Définitions',
          body: [
            [
              `Plateforme : le site internet et l'application mobile ${brand}.`,
              "Utilisateur : toute personne disposant d'un compte sur la plateforme.",
              "Organisateur : l'utilisateur qui crée et gère un événement sur la plateforme.",
              `Compte professionnel vérifié : le compte d'un organisateur professionnel dont l'identité a été vérifiée par ${brand}.`,
              'Billet : le titre, présenté sous forme de QR code, qui donne accès à un événement.',
              "Commande : l'achat d'un ou de plusieurs billets en une seule opération.",
            ],
          ],
        },
        {
          id: 'article-3',
          title: 'Article 3 – Accès au service et âge minimum',
          body: [
            `L'utilisation de ${brand} est réservée aux personnes âgées d'au moins 16 ans.`,
            "L'accès à la plateforme est gratuit. Les frais de connexion à internet restent à la charge de l'utilisateur.",
            `${brand} s'efforce d'assurer l'accès à la plateforme en permanence, sans pouvoir le garantir : l'accès peut être interrompu, notamment pour des opérations de maintenance.`,
          ],
        },
        {
          id: 'article-4',
          title: 'Article 4 – Création du compte',
          body: [
            "La création d'un compte nécessite de renseigner :",
            [
              'le nom ;',
              'le prénom ;',
              'la date de naissance ;',
              "l'adresse e-mail ;",
              'un mot de passe ;',
              "l'acceptation des conditions générales d'utilisation et de la politique de confidentialité.",
            ],
            "L'utilisateur peut, s'il le souhaite, consentir à recevoir la newsletter. Ce consentement est facultatif et peut être retiré à tout moment.",
            "L'utilisateur s'engage à fournir des informations exactes et à garder son mot de passe confidentiel. Il est responsable de l'utilisation faite de son compte.",
          ],
        },
        {
          id: 'article-5',
          title: "Article 5 – Création d'événements",
          body: [
            'Seuls les comptes professionnels vérifiés peuvent créer des événements publics ou payants.',
            'Tout utilisateur peut créer des événements privés et gratuits.',
            "L'organisateur est seul responsable du contenu de ses événements et de leur bon déroulement. Les organisateurs sont en outre soumis aux conditions générales des organisateurs (CGO).",
          ],
        },
        {
          id: 'article-6',
          title: 'Article 6 – Réservation de billets',
          body: [
            [
              'Pour un événement gratuit, un seul billet peut être obtenu par compte.',
              "Sur l'application mobile, un seul billet peut être acheté par événement et par utilisateur pour un événement payant.",
              'Sur le site internet, une commande comprend au maximum cinq billets, sans limite du nombre de commandes.',
            ],
            "La disponibilité des billets est vérifiée en temps réel. Si les billets viennent à manquer pendant une commande, l'utilisateur en est informé.",
            'Les conditions générales doivent être acceptées lors de chaque achat de billet.',
          ],
        },
        {
          id: 'article-7',
          title: 'Article 7 – Participation aux événements',
          body: [
            'Un utilisateur qui participe à un événement sans détenir de billet peut quitter cet événement à tout moment.',
            "Un utilisateur détenteur d'un billet ne peut pas quitter l'événement. Son billet ne peut être annulé que par une demande de remboursement, dans les conditions de l'article 9.",
            "Le billet est présenté à l'entrée de l'événement, où il est contrôlé par l'organisateur.",
          ],
        },
        {
          id: 'article-8',
          title: 'Article 8 – Paiement',
          body: [
            "Le paiement des billets se fait par carte bancaire (VISA, MASTERCARD), par l'intermédiaire d'un prestataire de paiement par carte.",
            `Les données de la carte bancaire sont saisies et traitées par ce prestataire : ${brand} n'y a pas accès et ne les conserve pas.`,
            'Les prix et les frais applicables sont précisés dans les conditions générales de vente (CGV).',
          ],
        },
        {
          id: 'article-9',
          title: 'Article 9 – Remboursement',
          body: [
            "Un billet peut être remboursé lorsque l'organisateur de l'événement propose l'option de remboursement.",
            "La demande de remboursement doit être faite avant la date limite de remboursement fixée pour l'événement.",
            "Un e-mail est adressé à l'utilisateur dans les 3 jours qui suivent sa demande.",
            'Le remboursement est effectué dans un délai de 5 à 10 jours ouvrés.',
          ],
        },
        {
          id: 'article-10',
          title: 'Article 10 – Règles de conduite et modération',
          body: [
            "L'utilisateur s'engage à ne publier aucun contenu illicite, injurieux, discriminatoire, trompeur ou portant atteinte aux droits d'autrui.",
            `La modération de ${brand} peut supprimer ou modifier tout contenu contraire aux présentes conditions, et bannir un utilisateur de manière temporaire ou définitive.`,
          ],
        },
        {
          id: 'article-11',
          title: 'Article 11 – Responsabilité',
          body: [
            `${brand} met en relation les organisateurs et les participants. L'organisateur est seul responsable de l'organisation, du contenu et du déroulement de son événement.`,
            `${brand} ne saurait être tenu responsable d'une utilisation de la plateforme contraire aux présentes conditions, ni d'une interruption du service indépendante de sa volonté.`,
            `Les éléments de la plateforme (marque, textes, logos, logiciels) sont protégés par le droit de la propriété intellectuelle et ne peuvent être reproduits sans l'autorisation de ${brand}.`,
          ],
        },
        {
          id: 'article-12',
          title: 'Article 12 – Données personnelles, droit applicable et contact',
          body: [
            'Les données personnelles des utilisateurs sont traitées conformément à la politique de confidentialité.',
            'Les présentes conditions sont soumises au droit français. En cas de litige, une solution amiable sera recherchée avant toute action devant les tribunaux compétents.',
            { before: 'Pour toute question, vous pouvez nous écrire depuis la ', ...contactLink, after: '.' },
          ],
        },
      ],
    },
    parts: [
      {
        id: 'cgv',
        title: 'Conditions générales de vente (CGV)',
        intro: [
          `Les présentes conditions générales de vente s'appliquent à la vente de billets sur ${brand}, pour le compte des organisateurs d'événements.`,
        ],
        sections: [
          {
            id: 'cgv-prix',
            title: 'Prix et frais de service',
            body: [
              'Les prix des billets sont indiqués en euros, toutes taxes comprises (TTC).',
              "Des frais de service s'ajoutent au prix des billets. Leur montant est indiqué avant la validation de la commande.",
            ],
          },
          {
            id: 'cgv-commande',
            title: 'Commande et paiement',
            body: [
              "Toute commande suppose l'acceptation des conditions générales. La disponibilité des billets est vérifiée en temps réel pendant la commande.",
              "Le paiement se fait par carte bancaire (VISA, MASTERCARD), par l'intermédiaire d'un prestataire de paiement par carte. Une fois le paiement accepté, les billets sont disponibles dans la rubrique « Mes billets ».",
            ],
          },
          {
            id: 'cgv-assurance',
            title: 'Assurance remboursement',
            body: [
              "Lorsque l'organisateur propose l'option de remboursement, l'acheteur peut souscrire une assurance remboursement au moment de la commande. Son prix est de :",
              [
                '1,20 € par place pour un billet dont le prix est inférieur à 50 € ;',
                '6 % du prix du billet dans les autres cas.',
              ],
              "Les conditions de remboursement sont celles de l'article 9 des conditions générales d'utilisation.",
            ],
          },
          {
            id: 'cgv-retractation',
            title: 'Droit de rétractation',
            body: [
              "Conformément à l'article L221-28 du Code de la consommation, le droit de rétractation ne s'applique pas aux prestations de services d'activités de loisirs fournies à une date ou à une période déterminée.",
            ],
          },
        ],
      },
      {
        id: 'cgo',
        title: 'Conditions générales des organisateurs (CGO)',
        intro: [
          `Les présentes conditions générales des organisateurs s'appliquent à tout utilisateur qui crée un événement sur ${brand}.`,
        ],
        sections: [
          {
            id: 'cgo-acces',
            title: 'Accès aux fonctions organisateur',
            body: [
              'Seuls les comptes professionnels vérifiés peuvent créer des événements publics ou payants. Tout utilisateur peut créer des événements privés et gratuits.',
              {
                before: 'Pour obtenir un compte professionnel vérifié, faites-en la demande depuis la page ',
                link: 'Devenir partenaire',
                to: '/devenirPartenaire',
                after: '.',
              },
            ],
          },
          {
            id: 'cgo-obligations',
            title: "Obligations de l'organisateur",
            body: [
              "L'organisateur garantit l'exactitude des informations de ses événements et leur conformité à la loi. Il assure l'accueil des participants et le contrôle des billets à l'entrée.",
              "Lorsqu'il propose l'option de remboursement, il fixe la date limite de remboursement de l'événement.",
            ],
          },
          {
            id: 'cgo-commission',
            title: 'Commission',
            body: [
              `Pour chaque billet vendu, ${brand} perçoit une commission de 1,8 % du prix du billet + 0,30 € HT. Elle est prélevée après chaque vente.`,
            ],
          },
          {
            id: 'cgo-versement',
            title: 'Versement des recettes',
            body: [
              "Les recettes de la billetterie, déduction faite de la commission, sont versées à l'organisateur dans un délai de 5 à 10 jours ouvrés.",
            ],
          },
        ],
      },
      {
        id: 'mentions-legales',
        title: 'Mentions légales',
        intro: [],
        sections: [
          {
            id: 'mentions-editeur',
            title: 'Éditeur',
            body: [
              `Le site internet et l'application mobile sont édités par ${brand}.`,
              { before: "Pour contacter l'éditeur, utilisez la ", ...contactLink, after: '.' },
            ],
          },
          {
            id: 'mentions-hebergement',
            title: 'Hébergement',
            body: [
              `La plateforme est hébergée par un prestataire d'hébergement professionnel choisi par ${brand}.`,
              {
                before: "Les coordonnées de l'hébergeur sont communiquées sur simple demande depuis la ",
                ...contactLink,
                after: '.',
              },
            ],
          },
        ],
      },
    ],
  }) as const satisfies TermsContent;

/** Call each page with the configured brand name: `legalFr.terms(brandName)`. */
export const legalFr = {
  terms,
  privacy: privacyFr,
  about: aboutFr,
} as const;
