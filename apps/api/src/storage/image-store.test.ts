import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { tempFolders } from '../../test/temp-folders';
import { createDatabaseImageStore, importUploadedImages } from './image-store';

const newFolder = tempFolders('images');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(randomUUID())]);

describe('uploaded images in the database', () => {
  it('are served by any server on the same database, and gone once deleted', async () => {
    const key = `events/${randomUUID()}.png`;
    const image = png();
    await createDatabaseImageStore(t.database.db).put(key, image);
    // Another server: nothing shared with the first but the database.
    const served = await t.app.inject({ method: 'GET', url: `/api/images/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    await createDatabaseImageStore(t.database.db).delete(key);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${key}` })).statusCode).toBe(404);
  });

  it('refuse a key that could reach elsewhere', async () => {
    await expect(createDatabaseImageStore(t.database.db).put('../etc/passwd.png', png())).rejects.toThrow(/unsafe/);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/..%2Fsecret.png' })).statusCode).toBe(404);
  });

  it('left in the data folder by an older version are moved in at the first start, once', async () => {
    const dataDir = newFolder();
    const uploads = path.join(dataDir, 'uploads');
    const key = `organizers/${randomUUID()}/logo.webp`;
    const image = png();
    mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
    writeFileSync(path.join(uploads, key), image);
    writeFileSync(path.join(uploads, 'notes.txt'), 'not an image');

    expect(await importUploadedImages(t.database.db, uploads)).toBe(1);
    expect((await createDatabaseImageStore(t.database.db).get(key))?.equals(image)).toBe(true);
    // The folder is kept aside, not read again, never deleted.
    expect(existsSync(uploads)).toBe(false);
    expect(readdirSync(dataDir).some((name) => name.startsWith('uploads.imported-'))).toBe(true);
    expect(await importUploadedImages(t.database.db, uploads)).toBe(0);
  });
});
