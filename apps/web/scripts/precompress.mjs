// Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build,
// once, so that the server sends them as they are instead of compressing each answer again.
// Images, fonts (woff2 is compressed already) and WebAssembly's neighbours gain nothing and are left.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST_CHECK ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|ico)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  raw += data.length;
  brotli += br.length;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB, ${(brotli / 1024).toFixed(0)} KB as brotli`);
