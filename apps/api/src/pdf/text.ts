import anyAscii from 'any-ascii';
import type { PdfFont } from './fonts';

/** Spaces that must not become a line break (French figures and amounts use them). */
const NO_BREAK_SPACES = /[\u00a0\u202f]/;
/**
 * Scripts written right to left, or whose letters join: the writer lays text out left to right,
 * glyph by glyph, so it would print them backwards or unjoined even where the font has glyphs.
 */
const UNLAID_SCRIPTS = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isCovered(font: PdfFont, char: string): boolean {
  const code = char.codePointAt(0);
  return code !== undefined && font.covers.has(code) && !UNLAID_SCRIPTS.test(char);
}

/**
 * `text` as `font` can print it, on one line. No letter is dropped silently: one the font lacks
 * (a Chinese or Arabic name) is transliterated to Latin letters; only what is neither a letter nor
 * a digit and has no glyph (an emoji) is left out, rather than failing the whole document.
 */
export function printable(font: PdfFont, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/[^\S\u00a0\u202f]+/g, ' ')) {
    if (isCovered(font, char)) out += char;
    else if (NO_BREAK_SPACES.test(char)) out += '\u00a0';
    else if (LETTER_OR_DIGIT.test(char)) {
      out += Array.from(anyAscii(char))
        .filter((ascii) => isCovered(font, ascii))
        .join('');
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Splits printable text at spaces to fit `width`; a word longer than a line (a code) is cut anywhere. */
export function wrap(font: PdfFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (value: string) => font.font.widthOfTextAtSize(value, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}
