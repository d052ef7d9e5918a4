import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTicketCode, verifyTicketCode } from './codes';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const participation = {
  id: '6f1c2b1e-4d5a-4c3b-9a8e-1f2e3d4c5b6a',
  eventId: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  quantity: 2,
  holderName: 'Élodie Martin',
};

describe('signed ticket codes', () => {
  it('round-trips: the payload comes back from a genuine code, with the PEM or the key object', () => {
    const code = signTicketCode(participation, privateKey);
    expect(code).toMatch(/^G1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const expected = { p: participation.id, e: participation.eventId, q: 2, n: 'Élodie Martin' };
    expect(verifyTicketCode(code, publicKey)).toEqual(expected);
    expect(verifyTicketCode(code, publicKey.export({ type: 'spki', format: 'pem' }).toString())).toEqual(expected);
    // Short enough for a 200 px QR code at the highest correction level.
    expect(code.length).toBeLessThan(260);
  });

  it('cuts long names so that the code stays small', () => {
    const code = signTicketCode({ ...participation, holderName: 'A'.repeat(200) }, privateKey);
    expect(verifyTicketCode(code, publicKey)?.n).toHaveLength(40);
  });

  it('rejects a tampered payload', () => {
    const [version, , signature] = signTicketCode(participation, privateKey).split('.');
    const forged = Buffer.from(JSON.stringify({ p: participation.id, e: participation.eventId, q: 5, n: 'X' }));
    expect(verifyTicketCode(`${version}.${forged.toString('base64url')}.${signature}`, publicKey)).toBeNull();
    const code = signTicketCode(participation, privateKey);
    const flipped = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    expect(verifyTicketCode(flipped, publicKey)).toBeNull();
  });

  it('rejects a code signed with another key', () => {
    const other = generateKeyPairSync('ed25519');
    expect(verifyTicketCode(signTicketCode(participation, other.privateKey), publicKey)).toBeNull();
  });

  it('rejects malformed codes', () => {
    const code = signTicketCode(participation, privateKey);
    const [, payload, signature] = code.split('.');
    for (const bad of [
      '',
      'G1',
      'G1..',
      `G2.${payload}.${signature}`,
      `G1.${payload}`,
      `${code}.extra`,
      `G1.${payload}.${signature?.slice(0, 20)}`,
      `G1.${payload}!.${signature}`,
      `G1.${payload}.${'A'.repeat(86)}`,
    ]) {
      expect(verifyTicketCode(bad, publicKey), bad).toBeNull();
    }
  });

  it('rejects a well-signed payload that is not a ticket', () => {
    const body = `G1.${Buffer.from(JSON.stringify({ p: 'x', q: 1 })).toString('base64url')}`;
    const signature = sign(null, Buffer.from(body), privateKey).toString('base64url');
    expect(verifyTicketCode(`${body}.${signature}`, publicKey)).toBeNull();
  });
});
