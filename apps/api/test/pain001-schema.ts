import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

const schemaUrl = new URL('./standards/pain.001.001.03.xsd', import.meta.url);
let schema: Promise<string> | undefined;

/**
 * Validates a pain.001 file against the official ISO 20022 schema with xmllint (its WebAssembly
 * build: the same check on every machine, no system package). Returns xmllint's errors, [] if valid.
 */
export async function pain001Errors(xml: string): Promise<string[]> {
  schema ??= readFile(schemaUrl, 'utf8');
  const result = await validateXML({
    xml: { fileName: 'payouts.xml', contents: xml },
    schema: { fileName: 'pain.001.001.03.xsd', contents: await schema },
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}
