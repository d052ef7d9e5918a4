import { randomUUID } from 'node:crypto';
import { centsToDecimal } from '@guichet/shared';

/**
 * A SEPA credit-transfer initiation (ISO 20022 pain.001.001.03, the version every French bank
 * accepts for uploads, CFONB guide) for a batch of payouts. Amounts are written from integer cents
 * by `centsToDecimal`, never through a float; texts are cut to the SEPA character set and escaped.
 */
type SepaTransfer = {
  /** The payout id: the end-to-end reference the bank reports back on the statement. */
  id: string;
  amountCents: number;
  creditorName: string;
  iban: string;
  bic: string | null;
  remittance: string;
};

type SepaDebtor = { name: string; iban: string; bic: string | undefined };

/** The SEPA Latin subset (EPC guidance): letters, digits, / - ? : ( ) . , ' + and space. */
export function toSepaText(value: string, maxLength: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const text = (value: string, maxLength: number) => escapeXml(toSepaText(value, maxLength));
const reference = (id: string) => id.replace(/-/g, '').slice(0, 35);

function agent(bic: string | null | undefined): string {
  return bic
    ? `<FinInstnId><BIC>${escapeXml(bic)}</BIC></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

export function buildPain001(input: {
  debtor: SepaDebtor;
  transfers: SepaTransfer[];
  createdAt: Date;
  executionDate: string;
  messageId?: string;
}): string {
  const { debtor, transfers } = input;
  if (transfers.length === 0) throw new RangeError('a SEPA file needs at least one transfer');
  const total = centsToDecimal(transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0));
  const messageId = reference(input.messageId ?? randomUUID());
  const createdAt = input.createdAt.toISOString().slice(0, 19);
  const lines = transfers.map(
    (transfer) => `      <CdtTrfTxInf>
        <PmtId><EndToEndId>${reference(transfer.id)}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="EUR">${centsToDecimal(transfer.amountCents)}</InstdAmt></Amt>${
          transfer.bic ? `\n        <CdtrAgt>${agent(transfer.bic)}</CdtrAgt>` : ''
        }
        <Cdtr><Nm>${text(transfer.creditorName, 70)}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>${escapeXml(transfer.iban)}</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>${text(transfer.remittance, 140)}</Ustrd></RmtInf>
      </CdtTrfTxInf>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${messageId}</MsgId>
      <CreDtTm>${createdAt}</CreDtTm>
      <NbOfTxs>${transfers.length}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <InitgPty><Nm>${text(debtor.name, 70)}</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${messageId}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${transfers.length}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt>${input.executionDate}</ReqdExctnDt>
      <Dbtr><Nm>${text(debtor.name, 70)}</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${escapeXml(debtor.iban)}</IBAN></Id></DbtrAcct>
      <DbtrAgt>${agent(debtor.bic)}</DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
${lines.join('\n')}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}
