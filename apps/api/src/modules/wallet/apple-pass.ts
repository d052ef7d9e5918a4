import { formatDateTime, ticketsFr } from '@guichet/shared';
import type { AppleWalletSettings } from '../../config';
import type { WalletPassContent } from './pass-content';

const m = ticketsFr.ticket;
const w = ticketsFr.wallet;

/** A ticket on a dark plate, drawn once per process at the three sizes Wallet asks for. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60">
  <rect width="60" height="60" rx="12" fill="#1c3d5a"/>
  <path d="M12 20h36v6a4 4 0 0 0 0 8v6H12v-6a4 4 0 0 0 0-8z" fill="#fff"/>
  <path d="M34 21v18" stroke="#1c3d5a" stroke-width="2" stroke-dasharray="3 2"/>
</svg>`;
let images: Promise<Record<string, Buffer>> | undefined;

function passImages(): Promise<Record<string, Buffer>> {
  images ??= (async () => {
    const { default: sharp } = await import('sharp');
    const png = (size: number) => sharp(Buffer.from(ICON_SVG)).resize(size, size).png().toBuffer();
    const [icon, icon2, icon3] = await Promise.all([png(29), png(58), png(87)]);
    return { 'icon.png': icon, 'icon@2x.png': icon2, 'icon@3x.png': icon3, 'logo.png': icon2, 'logo@2x.png': icon3 };
  })();
  return images;
}

export type ApplePassOptions = {
  brandName: string;
  /** <public URL>/api/wallet/apple: where the device registers and fetches the latest pass. */
  webServiceUrl: string;
  /** This download's token, which the device sends back with `Authorization: ApplePass …`. */
  authenticationToken: string;
};

/**
 * The signed .pkpass (a zip of pass.json, the images, manifest.json and its PKCS#7 signature)
 * of an event ticket, by passkit-generator. Dates are written out in Europe/Paris as the
 * tickets print them: Wallet would show a date field in the phone's own time zone.
 */
export async function applePass(
  content: WalletPassContent,
  settings: AppleWalletSettings,
  options: ApplePassOptions,
): Promise<Buffer> {
  // Loaded at the first pass: most servers never sign one (Wallet needs Apple's certificates).
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    await passImages(),
    {
      wwdr: settings.wwdr,
      signerCert: settings.signerCert,
      signerKey: settings.signerKey,
      signerKeyPassphrase: settings.signerKeyPassphrase,
    },
    {
      formatVersion: 1,
      serialNumber: content.participationId,
      passTypeIdentifier: settings.passTypeId,
      teamIdentifier: settings.teamId,
      organizationName: options.brandName,
      description: w.passDescription(content.eventTitle),
      logoText: options.brandName,
      webServiceURL: options.webServiceUrl,
      authenticationToken: options.authenticationToken,
      voided: content.isVoided,
      backgroundColor: 'rgb(28, 61, 90)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(190, 212, 232)',
    },
  );
  pass.type = 'eventTicket';
  const begin = formatDateTime(content.dateBegin.toISOString());
  const end = formatDateTime(content.dateEnd.toISOString());
  if (content.isVoided) pass.headerFields.push({ key: 'status', label: '', value: w.voided });
  pass.primaryFields.push({ key: 'event', label: w.event, value: content.eventTitle });
  pass.secondaryFields.push({ key: 'date', label: w.date, value: begin });
  if (content.address) pass.secondaryFields.push({ key: 'place', label: w.place, value: content.address });
  pass.auxiliaryFields.push(
    { key: 'holder', label: m.holder, value: content.holderName },
    { key: 'ticket', label: m.ticket, value: content.ticketTitle },
  );
  if (content.ticketNumbers.length > 0) {
    pass.auxiliaryFields.push({
      key: 'numbers',
      label: m.ticketNumbers(content.ticketNumbers.length),
      value: content.ticketNumbers.join(', '),
    });
  }
  pass.backFields.push(
    { key: 'dates', label: w.date, value: m.dates(begin, end) },
    { key: 'organizer', label: m.organizer, value: content.organizerName },
    { key: 'code', label: m.codeLabel, value: content.shortCode },
  );
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: content.code,
    messageEncoding: 'iso-8859-1',
    altText: content.shortCode,
  });
  pass.setRelevantDate(content.dateBegin);
  return pass.getAsBuffer();
}
