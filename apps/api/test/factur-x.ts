import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

/**
 * The files a PDF carries (its EmbeddedFiles name tree, one level as Factur-X writes it), by
 * name, decoded: a Factur-X invoice's factur-x.xml is read from the PDF as a receiver would.
 */
export async function embeddedFiles(pdf: Uint8Array): Promise<Map<string, string>> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const entries = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files = new Map<string, string>();
  for (let i = 0; entries && i + 1 < entries.size(); i += 2) {
    const name = entries.lookup(i, PDFString, PDFHexString).decodeText();
    const spec = entries.lookup(i + 1, PDFDict);
    const stream = document.context.lookup(spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')));
    if (!(stream instanceof PDFRawStream)) throw new Error(`${name} is not a stream`);
    files.set(name, Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8'));
  }
  return files;
}

/** The text of each element of that name in a piece of XML (namespace prefix included), in order. */
export function xmlValues(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1] ?? '');
}
