import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pain001Errors } from '../../../test/pain001-schema';
import { buildPain001, toSepaText } from './sepa';

const debtor = { name: 'Guichet & Cie', iban: 'FR7630006000011234567890189', bic: undefined };

describe('the SEPA credit-transfer file', () => {
  it('keeps texts to the SEPA character set and escapes what XML needs', () => {
    expect(toSepaText('Élodie <O’Brien> & "Fils"', 70)).toBe("Elodie O'Brien Fils");
    expect(toSepaText('Soirée d’été — 2026', 140)).toBe("Soiree d'ete 2026");
    expect(toSepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('writes each amount and the control sum from cents, and names each payout end to end', () => {
    const xml = buildPain001({
      debtor,
      createdAt: new Date('2026-11-25T09:00:00Z'),
      executionDate: '2026-11-25',
      messageId: '00000000-0000-0000-0000-000000000001',
      transfers: [
        {
          id: '0b7e4f4e-8a1c-4a51-9d5e-2b1f0c3d4e5f',
          amountCents: 1933,
          creditorName: "O'Brien",
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          remittance: 'Guichet Gala',
        },
        // 0.1 + 0.2 in floats is 0.30000000000000004: cents never go through one.
        {
          id: '1b7e4f4e-8a1c-4a51-9d5e-2b1f0c3d4e5f',
          amountCents: 30,
          creditorName: 'Zoé',
          iban: 'FR7630006000011234567890189',
          bic: null,
          remittance: 'x',
        },
      ],
    });
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>19.63</CtrlSum>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.30</InstdAmt>');
    expect(xml).toContain('<EndToEndId>0b7e4f4e8a1c4a519d5e2b1f0c3d4e5f</EndToEndId>');
    expect(xml).toContain('<Nm>O&apos;Brien</Nm>');
    expect(xml).toContain('<Nm>Guichet Cie</Nm>');
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    expect(xml).toContain('<CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt>');
    const amounts = [...xml.matchAll(/<(?:InstdAmt Ccy="EUR"|CtrlSum)>([^<]*)</g)].map((match) => match[1]);
    expect(amounts).toEqual(['19.63', '19.63', '19.33', '0.30']);
  });

  it('refuses an empty batch', () => {
    expect(() => buildPain001({ debtor, createdAt: new Date(), executionDate: '2026-11-25', transfers: [] })).toThrow(
      RangeError,
    );
  });
});

describe('the SEPA file against the ISO 20022 pain.001.001.03 schema', () => {
  const file = () =>
    buildPain001({
      debtor,
      createdAt: new Date('2026-11-25T09:00:00.123Z'),
      executionDate: '2026-11-25',
      messageId: '00000000-0000-0000-0000-000000000002',
      transfers: [
        {
          id: '0b7e4f4e-8a1c-4a51-9d5e-2b1f0c3d4e5f',
          amountCents: 123_456,
          creditorName: 'Élodie <O’Brien> & "Fils"',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          remittance: `Guichet ${'Soirée d’été — 2026 '.repeat(10)}`,
        },
        {
          id: randomUUID(),
          amountCents: 1,
          creditorName: 'Zoé',
          iban: 'FR7630006000011234567890189',
          bic: null,
          remittance: 'x',
        },
      ],
    });

  it('is valid, with and without the banks’ identifiers', async () => {
    expect(await pain001Errors(file())).toEqual([]);
    expect(await pain001Errors(buildPain001({ ...fileInput(), debtor: { ...debtor, bic: 'BNPAFRPP' } }))).toEqual([]);
  });

  it('would be refused with an element missing or out of its place', async () => {
    expect(
      await pain001Errors(
        file()
          .replace(/<ChrgBr>SLEV<\/ChrgBr>\n/, '')
          .replace('<PmtMtd>TRF</PmtMtd>', ''),
      ),
    ).not.toEqual([]);
    expect(await pain001Errors(file().replace('<CtrlSum>1234.57</CtrlSum>', '<CtrlSum>1234,57</CtrlSum>'))).not.toEqual(
      [],
    );
  });
});

function fileInput() {
  return {
    debtor,
    createdAt: new Date('2026-11-25T09:00:00Z'),
    executionDate: '2026-11-25',
    transfers: [
      {
        id: randomUUID(),
        amountCents: 500,
        creditorName: 'A',
        iban: 'FR7630006000011234567890189',
        bic: null,
        remittance: 'r',
      },
    ],
  };
}
