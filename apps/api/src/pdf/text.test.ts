import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from './writer';

const LATIN = 'Łukasz Ştefan Wang';
const GREEK = 'Γιώργος Παπαδόπουλος';
const CYRILLIC = 'Дмитрий Иванов';

async function written(lines: string[]): Promise<{ writer: PdfWriter; text: string }> {
  const writer = await PdfWriter.create({ title: 'test', producer: 'test', margin: 50 });
  for (const line of lines) writer.text(line);
  const { text } = await extractText(new Uint8Array(await writer.save()), { mergePages: true });
  return { writer, text };
}

describe('the PDF writer', () => {
  it('prints Latin Extended, Greek and Cyrillic names as typed', async () => {
    const { text } = await written([LATIN, GREEK, CYRILLIC, 'Ærøskøbing Œuvre ß ğ ő ț']);
    expect(text).toContain(LATIN);
    expect(text).toContain(GREEK);
    expect(text).toContain(CYRILLIC);
    expect(text).toContain('Ærøskøbing Œuvre ß ğ ő ț');
  });

  it('transliterates the letters the font lacks and leaves out emoji, without failing', async () => {
    const { writer, text } = await written(['王小明 🎉 Gala', 'مريم', 'Fête 🎭']);
    expect(text).toContain('WangXiaoMing Gala');
    expect(text).toContain('Fête');
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    // Arabic is written right to left with joined letters, which the writer does not lay out.
    expect(text).toContain('mrym');
    expect(writer.linesOf('🎉🎉')).toEqual([]);
  });

  it('writes each document from fonts of its own', async () => {
    // Subsetting rewrites the parsed font: one shared between documents garbled the next ones.
    await written(['Xo ő ø']);
    const { text } = await written([GREEK]);
    expect(text).toContain(GREEK);
  });

  it('keeps an amount together on a line', async () => {
    const writer = await PdfWriter.create({ title: 'test', producer: 'test', margin: 50 });
    const lines = writer.linesOf('Total : 1\u202f234,56\u00a0€', { width: 60 });
    expect(lines.at(-1)).toMatch(/1.234,56.€/);
  });

  it('subsets the fonts: a page of text stays small', async () => {
    const writer = await PdfWriter.create({
      title: 'test',
      producer: 'test',
      margin: 50,
      fonts: ['regular', 'bold', 'mono'],
    });
    writer.text(`${LATIN} ${GREEK} ${CYRILLIC}`, { font: 'bold' });
    writer.text('ABCD-EFGH', { font: 'mono' });
    expect((await writer.save()).length).toBeLessThan(60_000);
  });

  it('starts a new page when the next line does not fit', async () => {
    const writer = await PdfWriter.create({ title: 'test', producer: 'test', margin: 50 });
    for (let i = 1; i <= 120; i++) writer.text(`Ligne ${i}`);
    expect(writer.doc.getPageCount()).toBeGreaterThan(1);
    const { text } = await extractText(new Uint8Array(await writer.save()), { mergePages: true });
    for (let i = 1; i <= 120; i++) expect(text).toMatch(new RegExp(`Ligne ${i}\\b`));
  });
});
