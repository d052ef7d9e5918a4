import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. On disk by default; an S3-compatible store can implement it later. */
export type ImageStore = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(png|jpg|webp)$/;

function assertSafeKey(key: string): void {
  if (!safeKey.test(key)) throw new Error(`unsafe image key: ${key}`);
}

export function createDiskImageStore(root: string): ImageStore {
  const locate = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = locate(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      try {
        return await readFile(locate(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(locate(key), { force: true });
    },
  };
}

/** For tests: nothing touches the disk. */
export function createMemoryImageStore(): ImageStore {
  const files = new Map<string, Buffer>();
  return {
    put: async (key, data) => {
      assertSafeKey(key);
      files.set(key, data);
    },
    get: async (key) => files.get(key) ?? null,
    delete: async (key) => {
      files.delete(key);
    },
  };
}
