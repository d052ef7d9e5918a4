import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletSettings } from '../../config';
import type { WalletPassContent } from './pass-content';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
const fr = (value: string) => ({ defaultValue: { language: 'fr-FR', value } });

/** Google's ids are `<issuer id>.<suffix>`, the suffix of letters, digits, '.', '_' and '-'. */
export function googleObjectId(issuerId: string, participationId: string): string {
  return `${issuerId}.ticket-${participationId}`;
}

function googleClassId(issuerId: string, eventId: string): string {
  return `${issuerId}.event-${eventId}`;
}

/**
 * The "Add to Google Wallet" link: a JWT signed RS256 with the issuer's service account, carrying
 * the event's class and the ticket's object (its barcode the same signed code as the QR code).
 * Google creates both when the holder saves it; nothing is called before.
 */
export async function googleSaveUrl(
  content: WalletPassContent,
  settings: GoogleWalletSettings,
  options: { brandName: string; origin: string },
): Promise<string> {
  const classId = googleClassId(settings.issuerId, content.eventId);
  const eventTicketObject = {
    id: googleObjectId(settings.issuerId, content.participationId),
    classId,
    state: content.isVoided ? 'INACTIVE' : 'ACTIVE',
    barcode: { type: 'QR_CODE', value: content.code, alternateText: content.shortCode },
    ticketHolderName: content.holderName,
    ticketType: fr(content.ticketTitle),
    ...(content.ticketNumbers.length > 0 && { ticketNumber: content.ticketNumbers.join(', ') }),
  };
  const eventTicketClass = {
    id: classId,
    issuerName: options.brandName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: fr(content.eventTitle),
    dateTime: { start: content.dateBegin.toISOString(), end: content.dateEnd.toISOString() },
    ...(content.address && { venue: { name: fr(content.address), address: fr(content.address) } }),
  };
  const key = await importPKCS8(settings.privateKey, 'RS256');
  const jwt = await new SignJWT({
    origins: [options.origin],
    typ: 'savetowallet',
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `${SAVE_URL}${jwt}`;
}
