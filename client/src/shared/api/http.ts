import i18n from 'i18next';
import { IDEMPOTENCY_HEADER, needsIdempotencyKey } from '@pos/contracts';
import { newId } from '../lib/ids';
import { ApiClientError } from './ApiClientError';

export { ApiClientError, isApiClientError } from './ApiClientError';

// The one HTTP client of the app. Paths are relative to `/api`; the session cookie goes along;
// state-changing calls carry the CSRF token of GET /api/auth/csrf (cached, refreshed once on a
// 403 CSRF_INVALID). A command that moves money or stock (MONEY_COMMANDS of @pos/contracts)
// carries an Idempotency-Key: the caller's (a form's useIdempotencyKey, kept across its retries),
// or else a fresh one for this call (sent again on the CSRF retry).
export const API_BASE = '/api';

/** A path segment from a value (an id, a code): `${API}/${pathId(id)}`. */
export const pathId = (value: string) => encodeURIComponent(value);

export type QueryValue = string | number | boolean | Date | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let csrfToken: string | null = null;
let csrfPending: Promise<string> | null = null;
/**
 * GETs started before the app's first render (app/boot.ts), by address: the first plain GET of
 * the same address (path and query) takes the answer, once; later ones fetch as usual. One not
 * taken within EARLY_TTL_MS is dropped (its address has been left).
 */
const early = new Map<string, Promise<Response>>();
export const EARLY_TTL_MS = 15_000;

/** The cached CSRF token (fetched once). `refresh` forces a new one. */
export async function getCsrfToken(refresh = false): Promise<string> {
  if (refresh) csrfToken = null;
  if (csrfToken) return csrfToken;
  csrfPending ??= fetch(`${API_BASE}/auth/csrf`, { credentials: 'same-origin' })
    .then(async (res) => {
      const body = await readBody(res);
      if (!res.ok) throw ApiClientError.fromBody(res.status, res.statusText, body);
      csrfToken = (body as { csrfToken: string }).csrfToken;
      return csrfToken;
    })
    .finally(() => {
      csrfPending = null;
    });
  return csrfPending;
}

/** Forget the cached token (after sign-in or sign-out the server binds a new one). */
export function resetCsrfToken(): void {
  csrfToken = null;
  // An answer fetched before the sign-in or sign-out belongs to the other side of it.
  early.clear();
}

/**
 * Starts a GET now for the first `request` of the same address to take (see `early`). With
 * `after`, the answer is handed over only once that has settled as well.
 */
export function requestEarly(path: string, query?: Query, after?: Promise<unknown>): void {
  const url = apiUrl(path, query);
  const fetched = request(path, { query });
  const pending = after
    ? fetched.then(
        (res) => after.then(() => res),
        (error: unknown) =>
          after.then(() => {
            throw error;
          }),
      )
    : fetched;
  // Its taker handles a failure; one never taken is not an unhandled rejection.
  pending.catch(() => undefined);
  early.set(url, pending);
  setTimeout(() => {
    if (early.get(url) === pending) early.delete(url);
  }, EARLY_TTL_MS);
}

function takeEarly(url: string): Promise<Response> | undefined {
  const pending = early.get(url);
  if (pending) early.delete(url);
  return pending;
}

export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return res.json().catch(() => undefined);
  const text = await res.text().catch(() => '');
  return text === '' ? undefined : text;
}

export type RequestOptions = {
  method?: string;
  query?: Query;
  /** JSON-serialised unless it is FormData or URLSearchParams. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** the Idempotency-Key of a command that moves money or stock (one per intention) */
  idempotencyKey?: string;
};

/** What a state-changing call may add: the form's Idempotency-Key. */
export type WriteOptions = { idempotencyKey?: string };

const apiUrl = (path: string, query?: Query): string =>
  `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${buildQuery(query)}`;

export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = (options.method ?? 'GET').toUpperCase();
  const url = apiUrl(path, options.query);
  if (method === 'GET' && !options.body && !options.headers && !options.signal) {
    const started = takeEarly(url);
    if (started) return started;
  }
  const key =
    options.idempotencyKey ?? (needsIdempotencyKey(method, `/${path}`) ? newId() : undefined);
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (key) headers[IDEMPOTENCY_HEADER] = key;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (token) headers['X-CSRF-Token'] = token;
    try {
      return await fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiClientError({
        status: 0,
        code: 'NETWORK_ERROR',
        // The browser's own text ('Failed to fetch') is English whatever the UI language.
        message: i18n.t('common:errors.network'),
        statusMessage: 'Network error',
      });
    }
  };

  const needsToken = STATE_CHANGING.has(method);
  let res = await send(needsToken ? await getCsrfToken() : null);
  if (!res.ok) {
    const body = await readBody(res.clone());
    if (needsToken && res.status === 403 && (body as { code?: string })?.code === 'CSRF_INVALID') {
      res = await send(await getCsrfToken(true));
    }
  }
  if (!res.ok) throw ApiClientError.fromBody(res.status, res.statusText, await readBody(res));
  return res;
}

async function json<T>(path: string, options: RequestOptions): Promise<T> {
  const res = await request(path, options);
  return (await readBody(res)) as T;
}

export const http = {
  get<T>(path: string, query?: Query): Promise<T> {
    return json<T>(path, { query });
  },
  /** A list endpoint: rows from the JSON array, total from the X-Total-Count header. */
  async list<T>(path: string, query?: Query): Promise<{ rows: T[]; total: number }> {
    const res = await request(path, { query });
    const rows = ((await readBody(res)) ?? []) as T[];
    const header = res.headers.get('X-Total-Count');
    const total = header !== null && header !== '' ? Number(header) : rows.length;
    return { rows, total: Number.isFinite(total) ? total : rows.length };
  },
  post<T>(path: string, body?: unknown, options: WriteOptions = {}): Promise<T> {
    return json<T>(path, { method: 'POST', body, ...options });
  },
  patch<T>(path: string, body?: unknown, options: WriteOptions = {}): Promise<T> {
    return json<T>(path, { method: 'PATCH', body, ...options });
  },
  put<T>(path: string, body?: unknown, options: WriteOptions = {}): Promise<T> {
    return json<T>(path, { method: 'PUT', body, ...options });
  },
  delete<T>(path: string, options: WriteOptions = {}): Promise<T> {
    return json<T>(path, { method: 'DELETE', ...options });
  },
  /** POST /api/files (multipart field `file`). */
  upload(file: File): Promise<{ id: string; url: string }> {
    const form = new FormData();
    form.append('file', file);
    return json<{ id: string; url: string }>('/files', { method: 'POST', body: form });
  },
};
