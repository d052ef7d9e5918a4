import { singleFlight } from '../lib/single-flight';
import { NoBankServerError } from './errors';

const STATUS_ELEMENT = /<([a-z][a-z0-9]*)\b[^>]*\bid\s*=\s*["']server_status["'][^>]*>([\s\S]*?)<\/\1\s*>/i;

/** The text of the element with id="server_status" in a status page, or null. */
export function serverStatusText(html: string): string | null {
  return STATUS_ELEMENT.exec(html)?.[2] ?? null;
}

async function isServerUp(host: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetchImpl(`${host}/load.html`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return false;
    return serverStatusText(await response.text()) === 'OK';
  } catch {
    return false;
  }
}

/**
 * The first host, in order, whose status page says exactly OK (1-attendee.md §4: "the first of two
 * known servers whose status page answers OK").
 */
export async function chooseBankServer(hosts: readonly string[], fetchImpl: typeof fetch, timeoutMs = 3000) {
  for (const host of hosts) {
    if (await isServerUp(host, fetchImpl, timeoutMs)) return host;
  }
  throw new NoBankServerError();
}

/** How long a server found up is used without asking its status page again. */
const BANK_SERVER_CHECK_MS = 5000;

/**
 * chooseBankServer, asked at most once per `checkMs` while a server answers OK: during an on-sale
 * every payment start would otherwise wait for a status page first. Concurrent starts share one
 * check; a failed check is not kept, so the next start asks again.
 */
export function createBankServerChooser(
  hosts: readonly string[],
  fetchImpl: typeof fetch,
  options: { checkMs?: number; now?: () => number } = {},
) {
  const checkMs = options.checkMs ?? BANK_SERVER_CHECK_MS;
  const now = options.now ?? Date.now;
  let chosen: { host: string; until: number } | undefined;
  const check = singleFlight(async () => {
    const host = await chooseBankServer(hosts, fetchImpl);
    chosen = { host, until: now() + checkMs };
    return host;
  });
  return async (): Promise<string> => {
    if (chosen && now() < chosen.until) return chosen.host;
    return check('bank');
  };
}
