import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getAs, loginAs } from '../../../test/helpers';
import { bookFreeTicket } from '../../../test/modules/checkout/support';
import { acceptRefund, askRefund, buy, moneyEvent, movingClock } from '../../../test/modules/ledger/support';
import {
  apnsStandIn,
  googleStandIn,
  makeTestCertificates,
  PASS_TYPE_ID,
  walletSettings,
} from '../../../test/modules/wallet/support';
import { tempFolders } from '../../../test/temp-folders';
import { useTestApp } from '../../../test/use-test-app';
import { ConfigError, loadConfig } from '../../config';
import { jobs, walletPasses } from '../../db/schema';
import { createWalletPushAdapter } from './push-adapter';

const folder = tempFolders('wallet');
const certs = makeTestCertificates(folder());
const wallet = walletSettings(certs);
const apns = await apnsStandIn(certs);
const google = await googleStandIn();
afterAll(() => {
  apns.close();
  google.close();
});
const clock = movingClock();
// A database of its own: the refund test runs the job queue, which must hold only this file's jobs.
const t = useTestApp({
  clock,
  isolated: true,
  config: { wallet },
  walletPush: createWalletPushAdapter(wallet, {
    apns: apns.url,
    googleApi: google.base,
    googleToken: `${google.base}/token`,
    ca: certs.ca,
  }),
});

const PKPASS = 'application/vnd.apple.pkpass';
const service = '/api/wallet/apple/v1';
const codeOf = async (id: string, cookie: string) =>
  (await getAs(t, `/api/me/participations/${id}/code`, cookie)).json().code as string;

async function downloadPass(id: string, cookie: string) {
  const response = await getAs(t, `/api/me/participations/${id}/pass.pkpass`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The files of a .pkpass; reading one it lacks fails the test. */
async function unzipPass(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const files = new Map<string, Buffer>();
  for (const [name, entry] of Object.entries(zip.files)) files.set(name, await entry.async('nodebuffer'));
  const file = (name: string) => {
    const found = files.get(name);
    if (!found) throw new Error(`${name} missing from the pass`);
    return found;
  };
  return { names: [...files.keys()], file };
}

const passJsonOf = async (bytes: Buffer) => JSON.parse((await unzipPass(bytes)).file('pass.json').toString('utf8'));

function device(token: string, deviceId = `device-${Math.random().toString(36).slice(2)}`) {
  const url = (serial: string) => `${service}/devices/${deviceId}/registrations/${PASS_TYPE_ID}/${serial}`;
  const auth = (authToken: string) => ({ authorization: `ApplePass ${authToken}` });
  return {
    deviceId,
    register: (serial: string, authToken: string) =>
      t.app.inject({ method: 'POST', url: url(serial), headers: auth(authToken), payload: { pushToken: token } }),
    unregister: (serial: string, authToken: string) =>
      t.app.inject({ method: 'DELETE', url: url(serial), headers: auth(authToken) }),
    updatedSince: (tag?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${service}/devices/${deviceId}/registrations/${PASS_TYPE_ID}${tag ? `?passesUpdatedSince=${tag}` : ''}`,
      }),
    latest: (serial: string, authToken: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `${service}/passes/${PASS_TYPE_ID}/${serial}`,
        headers: { ...auth(authToken), ...headers },
      }),
  };
}

describe('an Apple Wallet pass', () => {
  let held: Awaited<ReturnType<typeof bookFreeTicket>>;
  let files: Awaited<ReturnType<typeof unzipPass>>;
  beforeAll(async () => {
    held = await bookFreeTicket(t, 'Nuit des étoiles');
    const response = await downloadPass(held.participation.id, held.cookie);
    expect(response.headers['content-type']).toBe(PKPASS);
    expect(response.headers['cache-control']).toBe('private, no-store');
    files = await unzipPass(response.rawPayload);
  });

  it('lists every file of the pass in its manifest with its SHA-1', () => {
    const manifest = JSON.parse(files.file('manifest.json').toString('utf8')) as Record<string, string>;
    const listed = files.names.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    expect(listed).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png']));
    for (const name of listed) expect(manifest[name]).toBe(createHash('sha1').update(files.file(name)).digest('hex'));
  });

  it('is signed: the PKCS#7 signature of the manifest verifies against the certificates of the test', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'manifest.json'), files.file('manifest.json'));
    writeFileSync(path.join(dir, 'signature'), files.file('signature'));
    writeFileSync(path.join(dir, 'ca.pem'), certs.ca);
    const verify = (content: string) =>
      execFileSync(
        'openssl',
        [
          'smime',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          content,
          '-CAfile',
          'ca.pem',
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
    expect(() => verify('manifest.json')).not.toThrow();
    // A changed manifest no longer verifies.
    writeFileSync(
      path.join(dir, 'tampered.json'),
      files
        .file('manifest.json')
        .toString('utf8')
        .replace(/[0-9a-f]{40}/, '0'.repeat(40)),
    );
    expect(() => verify('tampered.json')).toThrow();
  });

  it('is an event ticket carrying the same signed code as the QR code, and the web service', async () => {
    const pass = JSON.parse(files.file('pass.json').toString('utf8'));
    const code = await codeOf(held.participation.id, held.cookie);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: 'TEAM123456',
      serialNumber: held.participation.id,
      webServiceURL: `${t.config.publicUrl}/api/wallet/apple`,
      voided: false,
    });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: code });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    const fields = [
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
    ];
    const values = fields.map((field: { value: string }) => field.value);
    expect(values).toEqual(expect.arrayContaining(['Nuit des étoiles', 'Zoé Lefèvre', 'Entrée libre']));
    // The token is kept hashed only.
    const [row] = await t.database.db
      .select()
      .from(walletPasses)
      .where(eq(walletPasses.participationId, held.participation.id));
    expect(row?.authTokenHashes).toEqual([createHash('sha256').update(pass.authenticationToken).digest('hex')]);
  });

  it("is someone else's ticket for anyone but its holder", async () => {
    const other = await createUser(t);
    const response = await getAs(
      t,
      `/api/me/participations/${held.participation.id}/pass.pkpass`,
      await loginAs(t, other.email),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe("Apple's web service", () => {
  it('registers a device, lists its changed passes, serves the latest pass and unregisters it', async () => {
    const held = await bookFreeTicket(t, 'Concert au jardin');
    const serial = held.participation.id;
    const token = (await passJsonOf((await downloadPass(serial, held.cookie)).rawPayload)).authenticationToken;
    const phone = device('push-token-phone');

    expect((await phone.register(serial, 'wrong-token')).statusCode).toBe(401);
    expect((await phone.register(serial, token)).statusCode).toBe(201);
    expect((await phone.register(serial, token)).statusCode).toBe(200);

    const listed = await phone.updatedSince();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().serialNumbers).toEqual([serial]);
    const tag = listed.json().lastUpdated as string;
    expect((await phone.updatedSince(tag)).statusCode).toBe(204);

    const latest = await phone.latest(serial, token);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe(PKPASS);
    const pass = await passJsonOf(latest.rawPayload);
    expect(pass.authenticationToken).toBe(token);
    expect(pass.barcodes[0].message).toBe(await codeOf(serial, held.cookie));
    const unchanged = await phone.latest(serial, token, {
      'if-modified-since': String(latest.headers['last-modified']),
    });
    expect(unchanged.statusCode).toBe(304);
    expect((await phone.latest(serial, 'wrong-token')).statusCode).toBe(401);

    // A second download (a watch) has its own token; the first still works.
    const second = (await passJsonOf((await downloadPass(serial, held.cookie)).rawPayload)).authenticationToken;
    expect(second).not.toBe(token);
    expect((await phone.latest(serial, token)).statusCode).toBe(200);

    expect((await phone.unregister(serial, 'wrong-token')).statusCode).toBe(401);
    expect((await phone.unregister(serial, second)).statusCode).toBe(200);
    expect((await phone.updatedSince()).statusCode).toBe(204);

    const log = await t.app.inject({
      method: 'POST',
      url: `${service}/log`,
      payload: { logs: ['a device said this'] },
    });
    expect(log.statusCode).toBe(200);
    const otherType = await t.app.inject({ method: 'GET', url: `${service}/devices/x/registrations/pass.other` });
    expect(otherType.statusCode).toBe(404);
  });
});

describe('a refund', () => {
  it('marks the pass updated and voided, pushes to each registered device and sets the Google object INACTIVE', async () => {
    const { organiser, cookie: organiserCookie } = await (async () => {
      const organiser = await createUser(t, { isVerified: true });
      return { organiser, cookie: await loginAs(t, organiser.email) };
    })();
    const { event, ticket } = await moneyEvent(t, organiser.id, clock);
    const buyer = await buy(t, event.id, { ticketId: ticket.id, quantity: 1, refundPlaces: 1 });
    await t.app.jobs.runDue();
    const [participation] = (await getAs(t, '/api/me/participations', buyer.cookie)).json();
    const serial = participation.id as string;
    const token = (await passJsonOf((await downloadPass(serial, buyer.cookie)).rawPayload)).authenticationToken;
    const phone = device('push-token-phone-2');
    const watch = device('gone-token-watch');
    expect((await phone.register(serial, token)).statusCode).toBe(201);
    expect((await watch.register(serial, token)).statusCode).toBe(201);
    const link = await getAs(t, `/api/me/participations/${serial}/google-wallet`, buyer.cookie);
    expect(link.statusCode).toBe(200);
    const tag = (await phone.updatedSince()).json().lastUpdated as string;

    await askRefund(t, buyer.cookie);
    expect((await acceptRefund(t, event.id, serial, organiserCookie)).statusCode).toBe(200);
    apns.pushes.length = 0;
    google.calls.length = 0;
    // The refund's job cancels the place; the push is a job of its own, after that transaction.
    await t.app.jobs.runDue();
    const pushJobs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'wallet_push'));
    expect(pushJobs.filter((job) => job.payload.participationId === serial)).toHaveLength(1);
    expect(pushJobs.every((job) => job.doneAt !== null && job.lastError === null)).toBe(true);

    expect(apns.pushes.map((push) => push.path).sort()).toEqual([
      '/3/device/gone-token-watch',
      '/3/device/push-token-phone-2',
    ]);
    for (const push of apns.pushes) {
      expect(push.headers['apns-topic']).toBe(PASS_TYPE_ID);
      expect(push.body).toBe('{}');
      // Certificate authentication: the pass type's certificate opened the connection.
      expect(push.clientCertSubject).toBe(`Pass Type ID: ${PASS_TYPE_ID}`);
    }
    const patch = google.calls.find((call) => call.path.startsWith('PATCH'));
    expect(patch?.path).toBe(`PATCH /walletobjects/v1/eventTicketObject/${wallet.google?.issuerId}.ticket-${serial}`);
    expect(patch?.headers.authorization).toBe('Bearer stand-in-token');
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ state: 'INACTIVE' });

    const changed = await phone.updatedSince(tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([serial]);
    expect(Number(changed.json().lastUpdated)).toBeGreaterThan(Number(tag));
    const latest = await phone.latest(serial, token);
    expect(latest.statusCode).toBe(200);
    expect(await passJsonOf(latest.rawPayload)).toMatchObject({ voided: true, serialNumber: serial });
    // APNs said the watch's token is gone: it is no longer registered.
    expect((await watch.updatedSince()).statusCode).toBe(204);
  });
});

describe('a Google Wallet link', () => {
  it('is a save link whose JWT verifies with the issuer key and carries the code', async () => {
    const held = await bookFreeTicket(t, 'Festival des lumières');
    const response = await getAs(t, `/api/me/participations/${held.participation.id}/google-wallet`, held.cookie);
    expect(response.statusCode).toBe(200);
    const url = response.json().url as string;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, certs.googlePublicKey, { audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ iss: wallet.google?.serviceAccountEmail, typ: 'savetowallet' });
    const body = payload.payload as {
      eventTicketObjects: { barcode: { value: string }; state: string }[];
      eventTicketClasses: { eventName: { defaultValue: { value: string } } }[];
    };
    expect(body.eventTicketObjects[0]?.barcode.value).toBe(await codeOf(held.participation.id, held.cookie));
    expect(body.eventTicketObjects[0]?.state).toBe('ACTIVE');
    expect(body.eventTicketClasses[0]?.eventName.defaultValue.value).toBe('Festival des lumières');
    expect(decodeJwt(jwt).origins).toEqual([new URL(t.config.publicUrl).origin]);
  });
});

describe('wallets without their settings', () => {
  const bare = useTestApp({ config: { wallet: { apple: undefined, google: undefined } } });

  it('are not offered, and their routes do not exist', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/api/wallet' })).json()).toEqual({
      apple: false,
      google: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet' })).json()).toEqual({ apple: true, google: true });
    const held = await bookFreeTicket(bare, 'Sans portefeuille');
    for (const file of ['pass.pkpass', 'google-wallet']) {
      const response = await getAs(bare, `/api/me/participations/${held.participation.id}/${file}`, held.cookie);
      expect(response.statusCode).toBe(404);
    }
    const listed = await bare.app.inject({ method: 'GET', url: `${service}/devices/x/registrations/${PASS_TYPE_ID}` });
    expect(listed.statusCode).toBe(404);
  });
});

describe('the wallet settings', () => {
  const apple = {
    APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: path.join(certs.dir, 'signer.pem'),
    APPLE_PASS_KEY: certs.signerKey.replace(/\n/g, '\\n'),
    APPLE_WWDR_CERT: path.join(certs.dir, 'ca.pem'),
  };

  it('read a PEM from a file or from the setting itself, one-line variables included', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...apple });
    expect(config.wallet.apple).toMatchObject({
      passTypeId: PASS_TYPE_ID,
      signerCert: certs.signerCert,
      wwdr: certs.ca,
    });
    expect(config.wallet.apple?.signerKey.trim()).toBe(certs.signerKey.trim());
    expect(config.wallet.google).toBeUndefined();
  });

  it('stop the start when a wallet has only some of its settings, naming the missing ones', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'test', ...apple, APPLE_TEAM_ID: '', GOOGLE_WALLET_ISSUER_ID: '33' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/APPLE_TEAM_ID missing/);
    expect(attempt).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, GOOGLE_WALLET_PRIVATE_KEY missing/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...apple, APPLE_WWDR_CERT: '/nowhere/wwdr.pem' })).toThrow(
      /APPLE_WWDR_CERT is neither PEM nor a readable file/,
    );
  });
});

describe('the push adapter', () => {
  it('authenticates to APNs with a token when an APNs key is configured', async () => {
    const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const apple = wallet.apple;
    if (!apple) throw new Error('apple settings missing');
    const adapter = createWalletPushAdapter(
      {
        apple: {
          ...apple,
          apnsToken: {
            keyId: 'KEY1234567',
            key: apnsKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          },
        },
        google: undefined,
      },
      { apns: apns.url, googleApi: google.base, googleToken: `${google.base}/token`, ca: certs.ca },
    );
    apns.pushes.length = 0;
    expect(await adapter.notifyAppleDevices(['token-a', 'gone-b'])).toEqual({ gone: ['gone-b'] });
    const push = apns.pushes.find((p) => p.path === '/3/device/token-a');
    const bearer = String(push?.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(bearer)).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect((await jwtVerify(bearer, apnsKey.publicKey)).payload.iss).toBe('TEAM123456');
    // No client certificate: the token is the authentication.
    expect(push?.clientCertSubject).toBeUndefined();
  });
});
