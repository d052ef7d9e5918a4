import { fr } from '@guichet/shared';

/** An API refusal: the server's stable code and its French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The whole answer, for the refusals that carry more than a message (a scan's details). */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The one way the web app reaches the API: same-origin, with the session cookie. */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', fr.common.serviceUnavailable);
  }
  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string; field?: string };
    throw new ApiError(
      response.status,
      error.code ?? 'ERROR',
      error.message ?? fr.common.genericError,
      error.field,
      data,
    );
  }
  return data as T;
}

/** A file sent as the `file` field of a multipart form (an invitation list); refusals as `api` gives them. */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', fr.common.serviceUnavailable);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string; field?: string };
    throw new ApiError(response.status, error.code ?? 'ERROR', error.message ?? fr.common.genericError, error.field);
  }
  return data as T;
}
