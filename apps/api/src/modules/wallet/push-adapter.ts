import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { Config } from '../../config';

/**
 * The one way out to the wallets' servers, unreachable from here and so tested against local
 * stand-ins: Apple's push service (APNs, HTTP/2) tells a device that a pass changed, and it then
 * fetches the latest one from our web service; Google's Wallet REST API changes a saved object.
 */
export type WalletPushAdapter = {
  /** An empty push per device token; answers the tokens APNs says are no longer valid (410). */
  notifyAppleDevices(pushTokens: string[]): Promise<{ gone: string[] }>;
  /** PATCH of a saved Google Wallet object; one its holder never saved (404) is not an error. */
  patchGoogleObject(objectId: string, patch: Record<string, unknown>): Promise<void>;
};

export type WalletEndpoints = {
  apns: string;
  googleApi: string;
  googleToken: string;
  /** The certificate authority of the APNs stand-in of the tests, trusted besides the system's. */
  ca?: string;
};

const PRODUCTION_ENDPOINTS: WalletEndpoints = {
  apns: 'https://api.push.apple.com',
  googleApi: 'https://walletobjects.googleapis.com',
  googleToken: 'https://oauth2.googleapis.com/token',
};

const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TIMEOUT_MS = 15_000;

export function createWalletPushAdapter(
  wallet: Config['wallet'],
  endpoints: WalletEndpoints = PRODUCTION_ENDPOINTS,
): WalletPushAdapter {
  return {
    async notifyAppleDevices(pushTokens) {
      const apple = wallet.apple;
      if (!apple || pushTokens.length === 0) return { gone: [] };
      // APNs token authentication is a bearer JWT (ES256, valid an hour); without its key, the
      // pass type's own certificate authenticates the TLS connection, as Wallet has always allowed.
      const bearer = apple.apnsToken
        ? await new SignJWT({})
            .setProtectedHeader({ alg: 'ES256', kid: apple.apnsToken.keyId })
            .setIssuer(apple.teamId)
            .setIssuedAt()
            .sign(await importPKCS8(apple.apnsToken.key, 'ES256'))
        : undefined;
      const session = http2.connect(endpoints.apns, {
        ...(endpoints.ca && { ca: endpoints.ca }),
        ...(!bearer && { cert: apple.signerCert, key: apple.signerKey, passphrase: apple.signerKeyPassphrase }),
      });
      session.setTimeout(TIMEOUT_MS, () => session.destroy(new Error('APNs: no answer')));
      try {
        const answers = await Promise.all(
          pushTokens.map((token) =>
            apnsPost(session, `/3/device/${encodeURIComponent(token)}`, {
              'apns-topic': apple.passTypeId,
              ...(bearer && { authorization: `bearer ${bearer}` }),
            }).then((status) => ({ token, status })),
          ),
        );
        const failed = answers.filter((a) => a.status !== 200 && a.status !== 410);
        if (failed.length > 0) throw new Error(`APNs refused ${failed.length} push(es): ${failed[0]?.status}`);
        return { gone: answers.filter((a) => a.status === 410).map((a) => a.token) };
      } finally {
        session.close();
      }
    },

    async patchGoogleObject(objectId, patch) {
      const google = wallet.google;
      if (!google) return;
      const accessToken = await googleAccessToken(google, endpoints);
      const response = await timedFetch(
        `${endpoints.googleApi}/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(patch),
        },
      );
      if (response.status === 404) return;
      if (!response.ok) throw new Error(`Google Wallet answered ${response.status} to the object's update`);
    },
  };
}

function apnsPost(session: http2.ClientHttp2Session, path: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const stream = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/json',
      ...headers,
    });
    let status = 0;
    stream.on('response', (answer) => {
      status = Number(answer[':status']);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(status));
    stream.resume();
    // Wallet's pushes carry nothing: the device asks our web service what changed.
    stream.end('{}');
  });
}

/** OAuth 2's JWT bearer grant: the service account's signed assertion for an hour's access token. */
async function googleAccessToken(
  google: NonNullable<Config['wallet']['google']>,
  endpoints: WalletEndpoints,
): Promise<string> {
  const assertion = await new SignJWT({ scope: GOOGLE_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccountEmail)
    .setAudience(endpoints.googleToken)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importPKCS8(google.privateKey, 'RS256'));
  const response = await timedFetch(endpoints.googleToken, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Google's token service answered ${response.status}`);
  return body.access_token;
}

/** fetch, bounded in time (the tests' stand-in of Google speaks plain HTTP on this machine). */
function timedFetch(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
}
