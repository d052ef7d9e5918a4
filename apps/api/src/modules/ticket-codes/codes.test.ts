import { generateKeyPairSync, sign } from 'node:crypto';
import { decodeTicketCode, encodeTicketCode, isCodeOfEvent, ticketCodeSignedBytes } from '@guichet/shared';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { signTicketCode, verifyTicketCode } from './codes';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const participation = {
  id: '6f1c2b1e-4d5a-4c3b-9a8e-1f2e3d4c5b6a',
  eventId: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  quantity: 2,
};
const expected = { participationId: participation.id, eventPrefix: '0b9a8c7d6e5f4a3b', quantity: 2 };

describe('signed ticket codes', () => {
  it('round-trips: the payload comes back from a genuine code, with the PEM or the key object', () => {
    const code = signTicketCode(participation, privateKey);
    expect(code).toMatch(/^[A-Z2-7]{144}$/);
    expect(verifyTicketCode(code, publicKey)).toEqual(expected);
    expect(verifyTicketCode(code, publicKey.export({ type: 'spki', format: 'pem' }).toString())).toEqual(expected);
    // Typed by hand: case, spaces and dashes do not matter.
    expect(verifyTicketCode(` ${code.toLowerCase().replace(/(.{12})/g, '$1 ')} `, publicKey)).toEqual(expected);
    expect(isCodeOfEvent(expected, participation.eventId)).toBe(true);
    expect(isCodeOfEvent(expected, '1b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d')).toBe(false);
  });

  it('fits a QR code of 49 modules at level Q in alphanumeric mode, where the old code needed 77', () => {
    const code = signTicketCode(participation, privateKey);
    const qr = QRCode.create(code, { errorCorrectionLevel: 'Q' });
    expect(qr.segments.map((s: { mode: { id: string } }) => s.mode.id)).toEqual(['Alphanumeric']);
    expect(qr.modules.size).toBe(49);
  });

  it('rejects a tampered payload', () => {
    const code = signTicketCode(participation, privateKey);
    const decoded = decodeTicketCode(code);
    if (!decoded) throw new Error('not decoded');
    const forged = new Uint8Array(decoded.signed);
    forged[25] = 5;
    expect(verifyTicketCode(encodeTicketCode(forged, decoded.signature), publicKey)).toBeNull();
    const flipped = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    expect(verifyTicketCode(flipped, publicKey)).toBeNull();
  });

  it('rejects a code signed with another key', () => {
    const other = generateKeyPairSync('ed25519');
    expect(verifyTicketCode(signTicketCode(participation, other.privateKey), publicKey)).toBeNull();
  });

  it('rejects malformed codes', () => {
    const code = signTicketCode(participation, privateKey);
    for (const bad of [
      '',
      'G1',
      code.slice(0, 143),
      `${code}A`,
      `${code.slice(0, 143)}1`,
      'A'.repeat(144),
      'é'.repeat(144),
    ]) {
      expect(verifyTicketCode(bad, publicKey), bad).toBeNull();
    }
  });

  it('rejects a well-signed code of another version or with no places', () => {
    for (const change of [(bytes: Uint8Array) => (bytes[0] = 1), (bytes: Uint8Array) => (bytes[25] = 0)]) {
      const signed = ticketCodeSignedBytes(participation);
      change(signed);
      expect(verifyTicketCode(encodeTicketCode(signed, sign(null, signed, privateKey)), publicKey)).toBeNull();
    }
  });
});
