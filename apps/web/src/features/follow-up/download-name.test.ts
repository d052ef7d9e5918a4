import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-name';

describe('export file name', () => {
  it('prefers the UTF-8 name, accents kept', () => {
    const header = `attachment; filename="Soiree d'integration 2026.xlsx"; filename*=UTF-8''Soir%C3%A9e%20d'int%C3%A9gration%202026.xlsx`;
    expect(fileNameFromDisposition(header, 'export.xlsx')).toBe("Soirée d'intégration 2026.xlsx");
  });

  it('falls back to the plain name, then to the default', () => {
    expect(fileNameFromDisposition('attachment; filename="Concert.csv"', 'export.csv')).toBe('Concert.csv');
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('a.csv');
    expect(fileNameFromDisposition(null, 'export.csv')).toBe('export.csv');
  });
});
