/**
 * The texts of the API contract for integrators (issue 15): the OpenAPI document at
 * /api/openapi.json and its reference page at /api/docs. The specs give none of them.
 */
export const apiFr = {
  title: 'API Guichet',
  summary:
    "Contrat de l'API de la billetterie, produit à partir des schémas des routes. Chaque opération indique qui peut l'appeler et sa limite de requêtes. L'identité vient du cookie de session ; chaque refus répond { code, message } avec un message en français.",
  access: {
    anyone: 'Tout le monde, connecté ou non (la session est lue si elle existe).',
    user: 'Un compte connecté (401 sinon).',
    admin: 'Un administrateur (401 pour un visiteur, 403 pour les autres comptes).',
  },
  accessLabel: 'Accès',
  limitLabel: 'Limite',
  limit: (max: number, minutes: number, byEmail: boolean) =>
    `${max} requête${max > 1 ? 's' : ''} par ${minutes} min, par adresse IP${byEmail ? ' et par e-mail' : ''}.`,
  noLimit: 'Aucune limite propre à la route.',
  ownership:
    "Les droits plus fins (organisateur de l'événement, équipe, titulaire du billet) sont vérifiés par le serveur et répondent 403 ou 404.",
  tokenScheme:
    "Jeton d'API d'un organisateur (paramètres, « Jetons d'API ») : accepté seulement par les opérations de ses autorisations.",
  tokenScope: (scope: string) => `Accessible aussi avec un jeton d'API ayant l'autorisation « ${scope} ».`,
  errorDescription: 'Refus ou erreur : { code, message, field? }, message en français.',
  noJsonAnswer: 'Réponse sans JSON : fichier, redirection, texte pour un prestataire de paiement ou 204 sans contenu.',
  docsTitle: "API Guichet : documentation de l'API",
  docsDocument: 'Le document OpenAPI',
  parameters: 'Paramètres',
  required: 'requis',
  body: 'Corps de la requête',
  responses: 'Réponses',
  operations: (count: number) => `${count} opérations`,
} as const;
