import { ADDRESS_SUGGESTION_LIMIT, type AddressSuggestion } from '@guichet/shared';

type Place = [name: string, postcode: string, city: string, latitude: number, longitude: number];

/**
 * The offline answer of the address service (tests, development, and production when the national
 * service cannot be reached): the demo's addresses and a typical street of each large city.
 * A city alone has its name as `name` and no street, like the national service's municipalities.
 */
const places: Place[] = [
  // Addresses of the demo events (apps/api/src/db/seed/demo.ts) and of the test helpers.
  ['1 Allée Jacques Chaban-Delmas', '31500', 'Toulouse', 43.6108, 1.4537],
  ['Port Saint-Sauveur', '31000', 'Toulouse', 43.5946, 1.4571],
  ['Jardin des Plantes', '31400', 'Toulouse', 43.5927, 1.4519],
  ['2 Rue du Doyen-Gabriel-Marty', '31000', 'Toulouse', 43.6078, 1.4364],
  ['12 Rue de Metz', '31000', 'Toulouse', 43.6001, 1.4432],
  ['5 Place du Capitole', '31000', 'Toulouse', 43.6045, 1.4437],
  ['1 Place du Capitole', '31000', 'Toulouse', 43.6043, 1.4433],
  ['Place Saint-Pierre', '31000', 'Toulouse', 43.6035, 1.4369],
  ['Rue Théodore Monod', '31520', 'Ramonville-Saint-Agne', 43.5468, 1.4808],
  // Toulouse, where most organisers are.
  ['Toulouse', '31000', 'Toulouse', 43.6047, 1.4442],
  ["Rue d'Alsace-Lorraine", '31000', 'Toulouse', 43.603, 1.4455],
  ['Allées Jean Jaurès', '31000', 'Toulouse', 43.6066, 1.4497],
  ['Place Saint-Sernin', '31000', 'Toulouse', 43.6086, 1.4419],
  ['Place Dupuy', '31000', 'Toulouse', 43.6003, 1.4552],
  ['11 Avenue Raymond Badiou', '31300', 'Toulouse', 43.5937, 1.4162],
  ['1 Allée Gabriel Biénès', '31400', 'Toulouse', 43.5833, 1.434],
  // The main cities, each with a typical street.
  ['Paris', '75001', 'Paris', 48.8566, 2.3522],
  ['Place de la Concorde', '75008', 'Paris', 48.8656, 2.3212],
  ['Avenue des Champs-Élysées', '75008', 'Paris', 48.8698, 2.3075],
  ['Rue de Rivoli', '75001', 'Paris', 48.8606, 2.3376],
  ['8 Boulevard de Bercy', '75012', 'Paris', 48.8386, 2.3785],
  ['Lyon', '69001', 'Lyon', 45.764, 4.8357],
  ['Place Bellecour', '69002', 'Lyon', 45.7578, 4.832],
  ['Rue de la République', '69002', 'Lyon', 45.7623, 4.8361],
  ['Marseille', '13001', 'Marseille', 43.2965, 5.3698],
  ['Quai du Port', '13002', 'Marseille', 43.2962, 5.3686],
  ['La Canebière', '13001', 'Marseille', 43.2976, 5.3795],
  ['Bordeaux', '33000', 'Bordeaux', 44.8378, -0.5792],
  ['Place de la Bourse', '33000', 'Bordeaux', 44.8412, -0.5699],
  ['Rue Sainte-Catherine', '33000', 'Bordeaux', 44.8394, -0.5734],
  ['Lille', '59000', 'Lille', 50.6292, 3.0573],
  ['Place du Général de Gaulle', '59800', 'Lille', 50.6369, 3.0635],
  ['Rue Faidherbe', '59800', 'Lille', 50.637, 3.068],
  ['Nantes', '44000', 'Nantes', 47.2184, -1.5536],
  ['Place Royale', '44000', 'Nantes', 47.2142, -1.559],
  ['Strasbourg', '67000', 'Strasbourg', 48.5734, 7.7521],
  ['Place Kléber', '67000', 'Strasbourg', 48.5834, 7.7459],
  ['Montpellier', '34000', 'Montpellier', 43.6108, 3.8767],
  ['Place de la Comédie', '34000', 'Montpellier', 43.6086, 3.8797],
  ['Rennes', '35000', 'Rennes', 48.1173, -1.6778],
  ['Place de la Mairie', '35000', 'Rennes', 48.1115, -1.6794],
  ['Nice', '06000', 'Nice', 43.7102, 7.262],
  ['Promenade des Anglais', '06000', 'Nice', 43.695, 7.265],
];

export const gazetteer: readonly AddressSuggestion[] = places.map(([name, postcode, city, latitude, longitude]) => ({
  label: name === city ? city : `${name}, ${postcode} ${city}`,
  name,
  postcode,
  city,
  latitude,
  longitude,
}));

/** Lower case, no accents, words only: 'Allées Jean-Jaurès' and 'allees jean jaures' are the same words. */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type Scored = { place: AddressSuggestion; matched: number; exact: number; extra: number };

/** How well each place matches the query's words; a word matches a place word that it starts (typing). */
function score(query: string, entries: readonly AddressSuggestion[]): { words: string[]; scored: Scored[] } {
  const words = [...new Set(normaliseWords(query))];
  const scored = entries.map((place) => {
    const placeWords = [...new Set(normaliseWords(`${place.label} ${place.postcode}`))];
    let matched = 0;
    let exact = 0;
    for (const word of words) {
      if (placeWords.includes(word)) exact += 1;
      if (placeWords.some((candidate) => candidate.startsWith(word))) matched += 1;
    }
    return { place, matched, exact, extra: placeWords.length - matched };
  });
  return { words, scored };
}

const byRelevance = (a: Scored, b: Scored) =>
  b.matched - a.matched || b.exact - a.exact || a.extra - b.extra || a.place.label.localeCompare(b.place.label, 'fr');

/** Suggestions for what is being typed: places matching at least half of its words, best first, at most 15. */
export function searchGazetteer(query: string, entries: readonly AddressSuggestion[] = gazetteer): AddressSuggestion[] {
  const { words, scored } = score(query, entries);
  if (words.length === 0) return [];
  const needed = Math.ceil(words.length / 2);
  return scored
    .filter((entry) => entry.matched >= needed)
    .sort(byRelevance)
    .slice(0, ADDRESS_SUGGESTION_LIMIT)
    .map((entry) => entry.place);
}

/** Coordinates of a label: its exact place, else the closest place matching every word of it, else null. */
export function geocodeGazetteer(
  label: string,
  entries: readonly AddressSuggestion[] = gazetteer,
): { latitude: number; longitude: number } | null {
  const target = normaliseWords(label).join(' ');
  if (!target) return null;
  const exact = entries.find((place) => normaliseWords(place.label).join(' ') === target);
  const { words, scored } = score(label, entries);
  const best = exact ?? scored.filter((entry) => entry.exact === words.length).sort(byRelevance)[0]?.place;
  return best ? { latitude: best.latitude, longitude: best.longitude } : null;
}
