import { QR_CODE_SIZE, TICKET_QR_OPTIONS } from '@guichet/shared';
import QRCode from 'qrcode';

/** 1-attendee.md §9: ticket QR codes are shown 200 px wide (200 pt in the PDF). */
export const TICKET_QR_SIZE = QR_CODE_SIZE.code;

/** The PNG for the e-mail and the PDF: 5 pixels per module, so that no module is blurred. */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', scale: 5, ...TICKET_QR_OPTIONS });
}
