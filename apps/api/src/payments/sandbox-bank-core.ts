import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { EtransactionsSettings } from './etransactions';
import { type FormField, hasValidHmac, safeEqual } from './etransactions-form';
import type { SandboxBankStore } from './sandbox-bank-store';

/**
 * The simulated bank served by the app itself: the bank's protocol with its own keys, so that the
 * whole payment path runs with no settings. Keys are generated at start-up unless configured (then
 * several instances can share them); what it decided and refunded is in the database
 * (sandbox-bank-store.ts), which they share too.
 */
export type SandboxBank = {
  /** Absolute, without a trailing slash, e.g. http://localhost:3000/sandbox-bank. */
  baseUrl: string;
  /** The bank's public test account. */
  merchant: { site: string; rang: string; identifiant: string };
  hmacKeyHex: string;
  privateKey: KeyObject;
  publicKeyPem: string;
};

export function createSandboxBank(options: {
  baseUrl: string;
  hmacKeyHex?: string;
  privateKeyPem?: string;
}): SandboxBank {
  const privateKey = options.privateKeyPem
    ? createPrivateKey(options.privateKeyPem)
    : // 1024 bits like the bank's own key (172 base64 characters of signature).
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    merchant: { site: '1999888', rang: '032', identifiant: '2' },
    hmacKeyHex: options.hmacKeyHex ?? randomBytes(64).toString('hex').toUpperCase(),
    privateKey,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The provider settings that point the bank's protocol at the sandbox. */
export function sandboxEtransactionsSettings(bank: SandboxBank): EtransactionsSettings {
  return {
    ...bank.merchant,
    hmacKeyHex: bank.hmacKeyHex,
    hosts: [bank.baseUrl],
    publicKeyPem: bank.publicKeyPem,
    pppsUrl: `${bank.baseUrl}/PPPS.php`,
  };
}

/** Same page as the bank's status page: the element the server choice reads. */
export const SANDBOX_STATUS_PAGE =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Statut</title></head>' +
  '<body><div id="server_status">OK</div></body></html>';

/**
 * The sandbox's PPPS: checks the HMAC and records the refund, once per question (site,
 * transaction, question number: asked again, answered again, refunded once); answers like the
 * bank (urlencoded).
 */
export async function answerPpps(bank: SandboxBank, store: SandboxBankStore, body: string): Promise<string> {
  const fields = [...new URLSearchParams(body)] as FormField[];
  const get = (name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
  const ok = hasValidHmac(fields, bank.hmacKeyHex, 'HMAC') && get('TYPE') === '00014' && /^\d+$/.test(get('MONTANT'));
  const question = `${get('SITE')}:${get('NUMTRANS')}:${get('NUMQUESTION')}`;
  if (ok) {
    await store.refundOnce(question, {
      transactionId: get('NUMTRANS'),
      amountCents: Number(get('MONTANT')),
      reference: get('REFERENCE'),
    });
  }
  return new URLSearchParams({
    NUMTRANS: get('NUMTRANS'),
    NUMAPPEL: get('NUMAPPEL'),
    NUMQUESTION: get('NUMQUESTION'),
    SITE: get('SITE'),
    RANG: get('RANG'),
    AUTORISATION: '',
    CODEREPONSE: ok ? '00000' : '00006',
    COMMENTAIRE: ok ? 'Demande traitée avec succès' : 'Accès refusé',
  }).toString();
}

/**
 * The sandbox lives in this very process: its status page and PPPS are answered here rather than
 * over the network, so that start() and refund() work under app.inject and behind any proxy.
 */
export function sandboxBankFetch(
  bank: SandboxBank,
  store: SandboxBankStore | undefined,
  fallback: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === `${bank.baseUrl}/load.html`) {
      return new Response(SANDBOX_STATUS_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
    if (url === `${bank.baseUrl}/PPPS.php` && init?.method === 'POST') {
      // Not a refund answered from a memory of this process alone, which another server does not share.
      if (!store) throw new Error('sandbox bank: refunds need its store (createSandboxBankStore)');
      return new Response(await answerPpps(bank, store, String(init.body ?? '')), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    return fallback(input, init);
  };
}

/**
 * An opaque, signed copy of the payment form for the decision page, so that it cannot be altered.
 * Each page shown is one payment attempt with a token of its own (a nonce): a second click on the
 * same page finds the decision already taken, while the same form posted again (a retry after a
 * refusal, within the second of PBX_TIME) is a new attempt, as at the bank.
 */
export function signDecisionToken(bank: SandboxBank, fields: readonly FormField[]): string {
  const payload = Buffer.from(JSON.stringify({ fields, attempt: randomBytes(9).toString('base64url') })).toString(
    'base64url',
  );
  return `${payload}.${tokenSignature(bank, payload)}`;
}

export function readDecisionToken(bank: SandboxBank, token: string): { fields: FormField[]; signature: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(tokenSignature(bank, payload), signature))
    return null;
  try {
    const { fields } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { fields?: unknown };
    if (!Array.isArray(fields)) return null;
    return { fields: fields as FormField[], signature };
  } catch {
    return null;
  }
}

function tokenSignature(bank: SandboxBank, payload: string): string {
  // A purpose prefix keeps this MAC distinct from the form's PBX_HMAC made with the same key.
  return createHmac('sha256', Buffer.from(bank.hmacKeyHex, 'hex'))
    .update(`sandbox-decision:${payload}`)
    .digest('base64url');
}
