import QRCode from 'qrcode';

/** 1-attendee.md §9: ticket QR codes are 200 px, highest error-correction level. */
export const TICKET_QR_SIZE = 200;

export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', width: TICKET_QR_SIZE, margin: 1, errorCorrectionLevel: 'H' });
}
