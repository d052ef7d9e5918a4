import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * DejaVu Sans covers Latin (Extended A and B), Greek and Cyrillic, the names our buyers type. It
 * comes from an npm package, so a bare machine has it after `npm install` (its licence: the
 * package's LICENSE, Bitstream Vera's, which allows embedding).
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  mono: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
} as const;

export type FontStyle = keyof typeof FILES;

/** An embedded font with the code points it has a glyph for. */
export type PdfFont = { font: PDFFont; covers: ReadonlySet<number> };
export type PdfFonts = Record<FontStyle, PdfFont>;

type FontFile = { bytes: Uint8Array; covers: ReadonlySet<number> };

let files: Record<FontStyle, FontFile> | undefined;

/**
 * Read once per process. Each document parses its fonts anew (pdf-lib's way): sharing a parsed
 * font between documents is wrong, as fontkit's subsetting writes the subset's glyph ids into
 * the parsed font's own glyph table.
 */
function fontFiles(fontkit: typeof Fontkit): Record<FontStyle, FontFile> {
  if (!files) {
    const read = (path: string): FontFile => {
      const bytes = readFileSync(path);
      return { bytes, covers: new Set(fontkit.create(bytes).characterSet) };
    };
    files = { regular: read(FILES.regular()), bold: read(FILES.bold()), mono: read(FILES.mono()) };
  }
  return files;
}

/** Embeds `styles`, subset to the glyphs the document uses: each costs its parse and subset. */
export async function embedFonts(doc: PDFDocument, styles: readonly FontStyle[]): Promise<Partial<PdfFonts>> {
  // Loaded at the first document: fontkit's tables are 8 MB of heap that a server making no PDF
  // would hold for nothing (docs/decisions.md, "Memory at rest").
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  doc.registerFontkit(fontkit);
  const all = fontFiles(fontkit);
  const fonts: Partial<PdfFonts> = {};
  for (const style of styles) {
    fonts[style] = { font: await doc.embedFont(all[style].bytes, { subset: true }), covers: all[style].covers };
  }
  return fonts;
}
