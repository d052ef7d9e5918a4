import { describe, expect, it } from 'vitest';
import { gazetteer, geocodeGazetteer, normaliseWords, searchGazetteer } from './gazetteer';

const demoAddresses = [
  '1 Allée Jacques Chaban-Delmas, 31500 Toulouse',
  'Port Saint-Sauveur, 31000 Toulouse',
  'Jardin des Plantes, 31400 Toulouse',
  '2 Rue du Doyen-Gabriel-Marty, 31000 Toulouse',
  '12 Rue de Metz, 31000 Toulouse',
  '5 Place du Capitole, 31000 Toulouse',
  'Place Saint-Pierre, 31000 Toulouse',
  'Rue Théodore Monod, 31520 Ramonville-Saint-Agne',
];

describe('offline gazetteer', () => {
  it('holds every demo address and the main cities, with coordinates in France', () => {
    const labels = gazetteer.map((place) => place.label);
    for (const address of demoAddresses) expect(labels).toContain(address);
    const cities = ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux', 'Lille', 'Nantes', 'Strasbourg'];
    for (const city of [...cities, 'Montpellier', 'Rennes', 'Nice']) {
      expect(labels).toContain(city);
      expect(gazetteer.filter((place) => place.city === city).length).toBeGreaterThan(1);
    }
    for (const place of gazetteer) {
      expect(place.latitude).toBeGreaterThan(41);
      expect(place.latitude).toBeLessThan(51.2);
      expect(place.longitude).toBeGreaterThan(-5.2);
      expect(place.longitude).toBeLessThan(9.6);
      expect(place.postcode).toMatch(/^\d{5}$/);
    }
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('normalises accents, case and punctuation into words', () => {
    expect(normaliseWords("  Allées JEAN-Jaurès, rue d'Alsace ")).toEqual([
      'allees',
      'jean',
      'jaures',
      'rue',
      'd',
      'alsace',
    ]);
  });

  it('matches words without accents or case, best match first', () => {
    const results = searchGazetteer('allee jacques chaban');
    expect(results[0]?.label).toBe('1 Allée Jacques Chaban-Delmas, 31500 Toulouse');
    expect(searchGazetteer('THEODORE monod')[0]?.city).toBe('Ramonville-Saint-Agne');
    expect(searchGazetteer('place kleber')[0]?.label).toBe('Place Kléber, 67000 Strasbourg');
  });

  it('suggests while typing: a word matches the start of a place word', () => {
    expect(searchGazetteer('capit')[0]?.name).toMatch(/Place du Capitole/);
    expect(searchGazetteer('5 place du capitole')[0]?.label).toBe('5 Place du Capitole, 31000 Toulouse');
  });

  it('puts the city before its streets for a city name and finds by postcode', () => {
    expect(searchGazetteer('bordeaux')[0]).toMatchObject({ label: 'Bordeaux', name: 'Bordeaux', city: 'Bordeaux' });
    expect(searchGazetteer('bordeaux').every((place) => place.city === 'Bordeaux')).toBe(true);
    expect(searchGazetteer('31520').map((place) => place.city)).toEqual(['Ramonville-Saint-Agne']);
  });

  it('answers at most 15 places, and nothing for nothing', () => {
    expect(searchGazetteer('toulouse').length).toBeGreaterThan(10);
    expect(searchGazetteer('rue place toulouse paris').length).toBeLessThanOrEqual(15);
    expect(searchGazetteer('')).toEqual([]);
    expect(searchGazetteer('zzzz qqqq')).toEqual([]);
  });

  it('geocodes an exact label, whatever its accents and case', () => {
    expect(geocodeGazetteer('1 ALLEE JACQUES CHABAN DELMAS, 31500 toulouse')).toEqual({
      latitude: 43.6108,
      longitude: 1.4537,
    });
  });

  it('geocodes the closest place whose every word matches, else null', () => {
    expect(geocodeGazetteer('Toulouse')).toEqual({ latitude: 43.6047, longitude: 1.4442 });
    expect(geocodeGazetteer('place kleber strasbourg')).toEqual({ latitude: 48.5834, longitude: 7.7459 });
    expect(geocodeGazetteer('14 Rue de Metz, 31000 Toulouse')).toBeNull();
    expect(geocodeGazetteer('Toul')).toBeNull();
    expect(geocodeGazetteer('Rue imaginaire, 99999 Nulle-part')).toBeNull();
    expect(geocodeGazetteer('  ')).toBeNull();
  });
});
