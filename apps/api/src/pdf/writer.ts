import { type Color, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { embedFonts, type FontStyle, type PdfFont, type PdfFonts } from './fonts';
import { printable, wrap } from './text';

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.11, 0.11, 0.13);
export const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.82, 0.83, 0.86);
export const SHADE = rgb(0.95, 0.95, 0.96);

export type TextStyle = {
  font?: FontStyle;
  size?: number;
  color?: Color;
  /** Space left under each line. */
  gap?: number;
  /** The left edge of the text's box and its width; the page's margins by default. */
  x?: number;
  width?: number;
  align?: 'left' | 'right';
};

type WriterOptions = {
  title: string;
  producer: string;
  margin: number;
  bottom?: number;
  /** The fonts the document uses: regular and bold unless said. */
  fonts?: readonly FontStyle[];
  /** The document's own date (an invoice's): the same content then gives the same file. */
  date?: Date;
};

/**
 * A cursor that writes down A4 pages: text is made printable by the embedded fonts and wrapped to
 * its box, and a page is added when the next line would cross the bottom margin.
 */
export class PdfWriter {
  page: PDFPage;
  /** The top of the space left on the page; each line is drawn under it. */
  y: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  private readonly bottom: number;

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Partial<PdfFonts>,
    private readonly margin: number,
    bottom: number,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - margin;
    this.left = margin;
    this.right = A4[0] - margin;
    this.width = this.right - this.left;
    this.bottom = bottom;
  }

  static async create(options: WriterOptions): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(options.title);
    doc.setProducer(options.producer);
    doc.setCreator(options.producer);
    doc.setLanguage('fr-FR');
    if (options.date) {
      doc.setCreationDate(options.date);
      doc.setModificationDate(options.date);
    }
    const fonts = await embedFonts(doc, options.fonts ?? ['regular', 'bold']);
    return new PdfWriter(doc, fonts, options.margin, options.bottom ?? options.margin);
  }

  private fontOf(style: TextStyle): PdfFont {
    const font = this.fonts[style.font ?? 'regular'];
    if (!font) throw new Error(`The font ${style.font} was not embedded in this document`);
    return font;
  }

  /** The lines `value` takes in `style`'s box, already printable. */
  linesOf(value: string, style: TextStyle = {}): string[] {
    const font = this.fontOf(style);
    return wrap(font, printable(font, value), style.size ?? 10, style.width ?? this.width);
  }

  /** Starts a new page when `height` does not fit above the bottom margin; says whether it did. */
  ensure(height: number): boolean {
    if (this.y - height >= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** Goes on writing at the top of a new page. */
  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - this.margin;
  }

  text(value: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const gap = style.gap ?? size * 0.35;
    for (const line of this.linesOf(value, style)) {
      this.ensure(size + gap);
      this.y -= size;
      this.drawLine(line, this.y, style);
      this.y -= gap;
    }
  }

  /** One printable line with its baseline at `baseline`, aligned in `style`'s box; not wrapped. */
  drawLine(line: string, baseline: number, style: TextStyle = {}): void {
    const font = this.fontOf(style).font;
    const size = style.size ?? 10;
    const x = style.x ?? this.left;
    const width = style.width ?? this.width;
    const offset = style.align === 'right' ? width - font.widthOfTextAtSize(line, size) : 0;
    this.page.drawText(line, { x: x + offset, y: baseline, size, font, color: style.color ?? INK });
  }

  /**
   * One line that must not wrap (an amount): printable, and drawn smaller when it is wider than
   * its box, down to two thirds of its size.
   */
  drawFitted(value: string, baseline: number, style: TextStyle = {}): void {
    const font = this.fontOf(style);
    const line = printable(font, value);
    const size = style.size ?? 10;
    const width = style.width ?? this.width;
    const natural = font.font.widthOfTextAtSize(line, size);
    const fitted = natural > width ? Math.max((size * width) / natural, (size * 2) / 3) : size;
    this.drawLine(line, baseline, { ...style, size: fitted });
  }

  /** A horizontal rule at the cursor, across the text's width unless said. */
  rule(options: { x?: number; width?: number } = {}): void {
    const x = options.x ?? this.left;
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + (options.width ?? this.width), y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }

  space(height: number): void {
    this.y -= height;
  }

  /** Draws on every page once all are made (page numbers): the writer's page is each in turn. */
  eachPage(draw: (index: number, count: number) => void): void {
    const current = this.page;
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      this.page = page;
      draw(index, pages.length);
    });
    this.page = current;
  }

  async save(): Promise<Buffer> {
    return Buffer.from(await this.doc.save());
  }
}
