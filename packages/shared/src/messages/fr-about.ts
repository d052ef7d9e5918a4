/**
 * Long-form French texts of the privacy policy and of the about page (the terms are in legal-fr.ts).
 * Every page is a function of `brand`, called by the page with the configured brand name.
 */
import type { LegalBlock, LegalPageContent, LegalSection } from './legal-content';

type AboutContent = {
  title: string;
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
};

const contactLink = { link: 'page Contact', to: '/contact' } as const;

export const privacyFr = (brand: string) =>
  ({
    title: 'Politique de confidentialité',
    updatedAt: 'Dernière mise à jour : 22 novembre 2026',
    intro: [
      `Cette politique explique quelles données personnelles ${brand} collecte, pourquoi, combien de temps elles sont conservées et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.`,
    ],
    sections: [
      {
        id: 'responsable',
        title: 'Responsable du traitement',
        body: [
          `Le responsable du traitement des données est ${brand}.`,
          { before: 'Pour toute question sur vos données, écrivez-nous depuis la ', ...contactLink, after: '.' },
        ],
      },
      {
        id: 'donnees',
        title: 'Données collectées',
        body: [
          [
            'Données du compte : nom, prénom, date de naissance, adresse e-mail, mot de passe (conservé uniquement sous forme chiffrée et irréversible), acceptation des conditions générales et consentement éventuel à la newsletter.',
            'Données de billetterie : commandes, billets, événements auxquels vous participez, demandes de remboursement.',
            'Données des organisateurs : événements publiés, ventes, informations nécessaires à la vérification du compte professionnel et au versement des recettes.',
            'Données de paiement : elles sont saisies et traitées directement par le prestataire de paiement par carte. Nous ne connaissons ni ne conservons votre numéro de carte.',
            'Données techniques : informations de connexion nécessaires à la sécurité du service.',
            'Messages que vous nous adressez depuis la page Contact.',
          ],
        ],
      },
      {
        id: 'finalites',
        title: 'Finalités',
        body: [
          [
            'créer et gérer votre compte ;',
            'vendre et délivrer les billets, traiter les paiements et les remboursements ;',
            'permettre aux organisateurs de publier leurs événements, de contrôler les billets et de recevoir leurs recettes ;',
            'assurer la sécurité du service et la modération des contenus ;',
            'vous adresser les e-mails liés au service et, si vous y avez consenti, la newsletter ;',
            'respecter nos obligations légales, notamment comptables.',
          ],
        ],
      },
      {
        id: 'bases-legales',
        title: 'Bases légales',
        body: [
          [
            "L'exécution du contrat (les conditions générales) : compte, commandes, billets, paiements, remboursements et versements aux organisateurs.",
            'Votre consentement : la newsletter. Vous pouvez le retirer à tout moment.',
            'Notre intérêt légitime : la sécurité du service, la prévention de la fraude et la modération.',
            'Nos obligations légales : la conservation des pièces comptables et les réponses aux demandes des autorités.',
          ],
        ],
      },
      {
        id: 'destinataires',
        title: 'Destinataires',
        body: [
          `Vos données sont destinées aux seules personnes habilitées de ${brand}. Elles peuvent être communiquées :`,
          [
            "à l'organisateur d'un événement pour lequel vous détenez un billet, dans la limite de ce qui est nécessaire à l'accueil des participants ;",
            'aux prestataires de paiement, pour le traitement des paiements, des remboursements et des versements ;',
            "à nos prestataires techniques (hébergement, envoi d'e-mails), qui agissent sur nos instructions ;",
            "aux autorités, lorsque la loi l'impose.",
          ],
          'Vos données ne sont jamais vendues.',
        ],
      },
      {
        id: 'conservation',
        title: 'Durées de conservation',
        body: [
          "Les données du compte sont conservées tant que le compte est actif. Le compte est clôturé après 5 ans d'inactivité.",
          'Les pièces comptables liées aux commandes sont conservées pendant la durée imposée par la loi (dix ans).',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies et stockage dans le navigateur',
        body: [
          "Nous n'utilisons que des cookies strictement nécessaires, jamais pour la publicité ni la mesure d'audience : le cookie de session, qui vous garde connecté ; un cookie qui reconnaît, pendant 90 jours, le navigateur où vous vous êtes connecté, pour que des mots de passe tentés ailleurs sur votre compte ne vous retardent pas ; et, pour une mise en vente très demandée, ceux de la file d'attente, qui gardent votre place.",
          "Les préférences d'affichage (le thème clair ou sombre) sont enregistrées dans votre navigateur.",
          "Aucune donnée personnelle n'est stockée dans votre navigateur.",
        ],
      },
      {
        id: 'droits',
        title: 'Vos droits',
        body: [
          'Vous disposez des droits suivants sur vos données :',
          [
            "droit d'accès ;",
            'droit de rectification ;',
            "droit à l'effacement ;",
            'droit à la portabilité ;',
            "droit d'opposition.",
          ],
          {
            before: 'Pour exercer vos droits, écrivez-nous depuis la ',
            ...contactLink,
            after: ". Nous vous répondons dans un délai d'un mois.",
          },
        ],
      },
      {
        id: 'reclamation',
        title: 'Réclamation',
        body: [
          {
            before:
              "Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l'informatique et des libertés (",
            link: 'CNIL',
            to: 'https://www.cnil.fr',
            after: ').',
          },
        ],
      },
    ],
  }) as const satisfies LegalPageContent;

export const aboutFr = (brand: string) =>
  ({
    title: `À propos de ${brand}`,
    intro: [
      `${brand} est une plateforme de billetterie en ligne, sur le web et sur mobile, qui rassemble celles et ceux qui font vivre les événements.`,
    ],
    sections: [
      {
        id: 'pour-qui',
        title: 'Pour qui ?',
        body: [
          [
            'Les étudiants, qui cherchent leurs prochaines soirées, galas, conférences ou tournois.',
            'Les associations, qui organisent leurs événements et vendent leurs billets simplement.',
            'Les organisateurs, professionnels ou non, qui veulent publier et remplir leurs événements.',
          ],
        ],
      },
      {
        id: 'participants',
        title: 'Pour les participants',
        body: [
          [
            'Découvrir des événements.',
            'Acheter ses billets en quelques clics.',
            'Retrouver ses billets et son QR code dans « Mes billets ».',
          ],
        ],
      },
      {
        id: 'organisateurs',
        title: 'Pour les organisateurs',
        body: [
          [
            'Publier ses événements : privés et gratuits pour tous, publics ou payants avec un compte professionnel vérifié.',
            'Vendre ses billets en ligne.',
            "Scanner les billets à l'entrée de l'événement.",
            'Recevoir ses recettes sous 5 à 10 jours ouvrés.',
          ],
        ],
      },
      {
        id: 'boutique',
        title: 'La boutique',
        body: [
          `${brand} propose aussi une boutique de matériel événementiel : du matériel à louer ou à acheter, et des prestations de services pour réussir vos événements.`,
        ],
      },
      {
        id: 'contact',
        title: 'Nous contacter',
        body: [
          { before: 'Une question, une suggestion ? Écrivez-nous depuis la ', ...contactLink, after: '.' },
          {
            before: 'Vous êtes un organisateur professionnel et souhaitez publier des événements publics ou payants ? ',
            link: 'Devenez partenaire',
            to: '/devenirPartenaire',
            after: '.',
          },
        ],
      },
    ],
  }) as const satisfies AboutContent;
