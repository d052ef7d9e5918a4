// Compiles the server to one plain JavaScript file that node runs without any TypeScript tool
// (tsx stays for development). Packages from node_modules stay outside the bundle: native ones
// (sharp, argon2) and PGlite load files beside their own code. The shared workspace package is
// TypeScript source, so it is bundled in. The migrations and the modules' declared SQL are copied
// beside the bundle, where the database client looks for them.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const shared = JSON.parse(readFileSync(path.join(root, '../../packages/shared/package.json'), 'utf8'));
const external = [...Object.keys(manifest.dependencies), ...Object.keys(shared.dependencies)].filter(
  (name) => name !== '@guichet/shared',
);

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src/server.ts')],
  outfile: path.join(outdir, 'server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS code may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The SQL each module declares (db/declared-sql.ts), applied after the migrations.
for (const module of readdirSync(path.join(root, 'src/modules'))) {
  const folder = path.join(root, 'src/modules', module, 'sql');
  if (existsSync(folder)) cpSync(folder, path.join(outdir, 'modules', module, 'sql'), { recursive: true });
}
console.log(`server compiled to apps/api/dist/server.js in ${Date.now() - started} ms`);
