import type { Config } from './config';
import type { Database } from './db/client';
import type { Bus } from './lib/bus';
import type { Clock } from './lib/clock';
import type { ImageStore } from './storage/image-store';

/** What every module receives: explicit dependencies, no container. */
export type AppDeps = { db: Database; config: Config; clock: Clock; images: ImageStore; bus: Bus };
