import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { DeclaredSqlError } from './db/declared-sql';
import { ensureReferenceData } from './db/seed/reference';
import { loadTicketKeys } from './modules/ticket-codes/keys';
import { shutDownGracefully } from './shutdown';
import { importUploadedImages } from './storage/image-store';

/** Settings are read and checked once, here: a server missing one stops now, not at its first sale. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

function bootConfig(): Config {
  try {
    const config = loadConfig();
    loadTicketKeys(config);
    return config;
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `Guichet cannot start: ${(error as Error).message}`;
    console.error(message);
    process.exit(1);
  }
}

const config = bootConfig();
// API_PROCESSES > 1: this primary prepares the database once, then keeps that many workers
// serving the port (node's cluster hands each new connection to one of them).
if (config.apiProcesses > 1 && cluster.isPrimary) {
  await (await prepareDatabase()).close();
  await superviseWorkers(config.apiProcesses);
} else {
  await serve();
}

async function openConfiguredDatabase() {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((error: Error) => {
    // A second process on the same embedded database says so plainly, without a stack.
    console.error(error instanceof DataDirInUseError ? error.message : error);
    process.exit(1);
  });
}

async function prepareDatabase() {
  const database = await openConfiguredDatabase();
  await database.migrate().catch(async (error: Error) => {
    // A declared SQL file that does not apply names itself, without a stack.
    console.error(error instanceof DeclaredSqlError ? error.message : error);
    await database.close();
    process.exit(1);
  });
  await ensureReferenceData(database.db);
  const imported = await importUploadedImages(database.db, path.join(config.dataDir, 'uploads'));
  if (imported > 0) console.log(`${imported} uploaded images moved from ${config.dataDir}/uploads into the database`);
  return database;
}

/**
 * Starts the workers one after the other (the first seeds the demo data alone), starts again one
 * that dies, and passes a shutdown signal on to all of them.
 */
async function superviseWorkers(count: number): Promise<void> {
  let stopping = false;
  const fork = () =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve());
      worker.once('exit', () => resolve());
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}): starting another`);
    setTimeout(() => void fork(), 1_000).unref();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), config.shutdownDrainMs + SHUTDOWN_TIMEOUT_MS + 5_000).unref();
    });
  }
  for (let i = 0; i < count; i++) await fork();
  console.log(`${config.brandName}: ${count} processes serve ${config.publicUrl}`);
}

async function serve(): Promise<void> {
  const database = cluster.isWorker ? await openConfiguredDatabase() : await prepareDatabase();

  // In a cluster, the first worker alone seeds the demo data (the others start once it listens).
  const seedDemo = config.seedDemo && (!cluster.isWorker || cluster.worker?.id === 1);
  const app = await buildApp({ config, database, serveWeb: true, seedDemo, startJobs: true });

  // Graceful shutdown (shutdown.ts): drained, then closed; exits 1 when it fails or hangs.
  const times = { drainMs: config.shutdownDrainMs, timeoutMs: SHUTDOWN_TIMEOUT_MS };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void shutDownGracefully(app, database, times, signal).then((code) => process.exit(code));
    });
  }

  await app.listen({ port: config.port, host: config.host });

  if (config.env !== 'production' && !cluster.isWorker) {
    const mode = database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL';
    console.log(`\n${config.brandName} is running on ${config.publicUrl} — database: ${mode}`);
    if (config.seedDemo) {
      console.log(
        'Demo accounts (password Demo1234): admin@guichet.test, organisateur@guichet.test, utilisateur@guichet.test',
      );
    }
    if (!config.smtpUrl) console.log(`Mail goes to the development mailbox: ${config.publicUrl}/dev/mail\n`);
  }
}
