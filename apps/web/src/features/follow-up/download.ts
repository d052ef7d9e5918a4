import { fileNameFromDisposition } from './download-name';

/**
 * Downloads a file the API makes (an export), fetched rather than linked so that a refusal
 * throws, for a French toast, instead of saving an error page; the session cookie goes along.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
