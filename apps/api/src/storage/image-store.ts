import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedImages } from '../db/schema';

/** Where uploaded images live: the database, shared by every server (docs/decisions.md, "Uploaded images"). */
export type ImageStore = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(png|jpg|webp)$/;

export const isSafeImageKey = (key: string) => safeKey.test(key);

function assertSafeKey(key: string): void {
  if (!isSafeImageKey(key)) throw new Error(`unsafe image key: ${key}`);
}

export function createDatabaseImageStore(db: Database): ImageStore {
  return {
    async put(key, data) {
      assertSafeKey(key);
      // A key is unique per upload: writing it again (an import run twice) keeps the first copy.
      await db.insert(storedImages).values({ key, data }).onConflictDoNothing();
    },
    async get(key) {
      if (!isSafeImageKey(key)) return null;
      const [row] = await db.select({ data: storedImages.data }).from(storedImages).where(eq(storedImages.key, key));
      return row?.data ?? null;
    },
    async delete(key) {
      await db.delete(storedImages).where(eq(storedImages.key, key));
    },
  };
}

async function filesUnder(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(root, relative) : Promise.resolve(entry.isFile() ? [relative] : []);
    }),
  );
  return nested.flat();
}

/**
 * Images uploaded before they moved into the database (or restored from an older backup) lie in
 * `DATA_DIR/uploads`: the first start copies them in, then renames the folder aside, so that
 * no image is lost and the folder is read once. Returns how many were copied.
 */
export async function importUploadedImages(db: Database, folder: string, now = new Date()): Promise<number> {
  let files: string[];
  try {
    files = await filesUnder(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const store = createDatabaseImageStore(db);
  const keys = files.filter(isSafeImageKey);
  for (const key of keys) await store.put(key, await readFile(path.join(folder, key)));
  await rename(folder, `${folder}.imported-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}`);
  return keys.length;
}
