import { type KeyObject, randomInt, sign } from 'node:crypto';

type Decision = { errorCode: string; amount: string; reference: string; now: Date };

const two = (n: number) => String(n).padStart(2, '0');
const digits = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** The value the bank would give each return letter (payments.md); unknown letters stay empty. */
function letterValue(letter: string, decision: Decision, ids: { transaction: string; call: string }): string {
  const paid = decision.errorCode === '00000';
  const { now } = decision;
  switch (letter) {
    case 'M':
      return decision.amount;
    case 'R':
      return decision.reference;
    case 'A':
      return paid ? digits(6) : '';
    case 'E':
      return decision.errorCode;
    case 'S':
      return ids.transaction;
    case 'T':
      return ids.call;
    case 'P':
      return 'CARTE';
    case 'C':
      return 'CB';
    case 'W':
      return `${two(now.getUTCDate())}${two(now.getUTCMonth() + 1)}${now.getUTCFullYear()}`;
    case 'Q':
      return `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`;
    default:
      return '';
  }
}

/**
 * The return variables listed in PBX_RETOUR (`name:LETTER;…`), URL-encoded, then the signature K:
 * RSA SHA-1 over the encoded string, base64, URL-encoded, last, as the bank sends it.
 */
export function buildSignedReturn(pbxRetour: string, decision: Decision, privateKey: KeyObject): string {
  const ids = { transaction: digits(10), call: digits(10) };
  const pairs = pbxRetour
    .split(';')
    .map((item) => item.split(':'))
    .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1]));
  const signatureName = pairs.find(([, letter]) => letter === 'K')?.[0];
  const data = pairs
    .filter(([, letter]) => letter !== 'K')
    .map(([name, letter]) => `${name}=${encodeURIComponent(letterValue(letter, decision, ids))}`)
    .join('&');
  if (!signatureName) return data;
  const signature = sign('sha1', Buffer.from(data, 'utf8'), privateKey).toString('base64');
  return `${data}&${signatureName}=${encodeURIComponent(signature)}`;
}

export function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
