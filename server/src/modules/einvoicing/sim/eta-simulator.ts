import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkEtaReceiptEquations, etaReceiptUuid, type EtaErrorDto } from '@pos/contracts';
import { sha256Hex } from '../eta/sha';

// A local ETA simulator for tests and the demo (issue 17 item 6), from the SDK's contract
// (FACTS §4): the identity token endpoint (POS headers), receipt submission with ETA's checks (the
// UUID recomputed from the exact text, the previousUUID chain per POS serial, the equations),
// submission details, a receipt by UUID, and failures to order: a timeout, 429 with Retry-After,
// 5xx, a synchronous rejection, an asynchronous "Invalid".

export type SimFailure =
  | { type: 'timeout'; ms?: number }
  | { type: '429'; retryAfter?: number }
  | { type: '5xx'; status?: number }
  /** every receipt of the next submission rejected with this error */
  | { type: 'reject'; code?: string; message?: string }
  /** accepted, then Invalid at validation */
  | { type: 'invalid'; code?: string; message?: string }
  /** the next submission is recorded, then the connection is dropped (a lost response) */
  | { type: 'drop' };

type SimReceipt = {
  uuid: string;
  serial: string;
  previousUUID: string;
  receiptNumber: string;
  submissionId: string;
  status: 'Valid' | 'Invalid';
  errors: EtaErrorDto[];
};

export type EtaSimulatorOptions = {
  port?: number;
  host?: string;
  tokenTtlSeconds?: number;
  /** how long a submission stays "in progress" */
  validationDelayMs?: number;
  failures?: SimFailure[];
};

/** The spans of the top-level elements of the "receipts" array in a submission's text. */
export function receiptTexts(body: string): string[] {
  const start = body.indexOf('[');
  if (start < 0) return [];
  const out: string[] = [];
  let depth = 0;
  let from = -1;
  let inString = false;
  for (let i = start + 1; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0) from = i;
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0) out.push(body.slice(from, i + 1));
    }
  }
  return out;
}

export class EtaSimulator {
  private server: Server | null = null;
  readonly failures: SimFailure[];
  private readonly tokens = new Map<string, { serial: string; until: number }>();
  readonly receipts = new Map<string, SimReceipt>();
  readonly submissions = new Map<string, { at: number; uuids: string[] }>();
  /** every UUID each time it was submitted (duplicates show up here) */
  readonly submitted: string[] = [];
  /** the previousUUIDs already used per serial (a second use is a fork) */
  private readonly used = new Map<string, Set<string>>();
  /** every well-formed UUID a device sent (accepted or rejected): the links of its chain */
  private readonly links = new Map<string, string>();
  readonly stats = { tokens: 0, submissions: 0, status: 0, failuresServed: 0 };

  constructor(readonly options: EtaSimulatorOptions = {}) {
    this.failures = [...(options.failures ?? [])];
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${a.port}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: Error) => send(res, 500, { error: { message: e.message } }));
    });
    await new Promise<void>((resolve) =>
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  reset(): void {
    this.failures.length = 0;
    this.receipts.clear();
    this.submissions.clear();
    this.submitted.length = 0;
    this.used.clear();
    this.links.clear();
  }

  /**
   * A device whose chain ETA already holds up to `headUuid` (a demo restarted on its own data: the
   * simulator forgets, the database does not): its next receipt may follow that UUID.
   */
  adoptChain(serial: string, headUuid: string): void {
    if (!headUuid) return;
    this.links.set(headUuid, serial);
    const used = this.used.get(serial) ?? new Set<string>();
    used.add('');
    this.used.set(serial, used);
  }

  /** Receipts per serial, in the order their chain links them (from the first). */
  chain(serial: string): string[] {
    const bySerial = [...this.receipts.values()].filter((r) => r.serial === serial);
    const next = new Map(bySerial.map((r) => [r.previousUUID, r.uuid]));
    const out: string[] = [];
    let cur = next.get('');
    while (cur) {
      out.push(cur);
      cur = next.get(cur);
    }
    return out;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/sim/failures') {
      this.failures.push(...((JSON.parse(body || '{}').failures ?? []) as SimFailure[]));
      return send(res, 200, { queued: this.failures.length });
    }
    if (req.method === 'POST' && url.pathname === '/sim/reset') {
      this.reset();
      return send(res, 200, {});
    }
    if (req.method === 'GET' && url.pathname === '/sim/state') {
      return send(res, 200, {
        receipts: this.receipts.size,
        submitted: this.submitted.length,
        duplicates: this.submitted.length - new Set(this.submitted).size,
        stats: this.stats,
      });
    }
    if (req.method === 'POST' && url.pathname === '/connect/token')
      return this.token(req, body, res);
    const serial = this.auth(req);
    if (serial === null) return send(res, 401, { error: { message: 'invalid token' } });
    if (req.method === 'POST' && url.pathname === '/api/v1/receiptsubmissions')
      return this.submit(serial, body, res);
    let m = /^\/api\/v1\/receiptsubmissions\/([^/]+)\/details$/.exec(url.pathname);
    if (req.method === 'GET' && m) return this.details(m[1], res);
    m = /^\/api\/v1\/receipts\/([0-9a-f]{64})\/raw$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const r = this.receipts.get(m[1]);
      if (!r) return send(res, 404, { error: { message: 'not found' } });
      return send(res, 200, {
        uuid: r.uuid,
        submissionUuid: r.submissionId,
        status: this.isDone(r.submissionId) ? r.status : 'Submitted',
      });
    }
    send(res, 404, { error: { message: 'not found' } });
  }

  private token(req: IncomingMessage, body: string, res: ServerResponse): void {
    const form = new URLSearchParams(body);
    const serial = String(req.headers['posserial'] ?? '');
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !form.get('client_id') ||
      !form.get('client_secret') ||
      !serial
    )
      return send(res, 400, { error: 'invalid_client' });
    const token = `sim-${randomUUID()}`;
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    this.tokens.set(token, { serial, until: Date.now() + ttl * 1000 });
    this.stats.tokens++;
    send(res, 200, { access_token: token, expires_in: ttl, token_type: 'Bearer' });
  }

  private auth(req: IncomingMessage): string | null {
    const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    const t = m && this.tokens.get(m[1]);
    return t && t.until > Date.now() ? t.serial : null;
  }

  private isDone(submissionId: string): boolean {
    const s = this.submissions.get(submissionId);
    return !!s && Date.now() - s.at >= (this.options.validationDelayMs ?? 0);
  }

  private async submit(serial: string, body: string, res: ServerResponse): Promise<void> {
    const failure = this.failures.shift();
    if (failure) this.stats.failuresServed++;
    if (failure?.type === 'timeout') {
      await new Promise((r) => setTimeout(r, failure.ms ?? 60_000));
      return send(res, 504, {});
    }
    if (failure?.type === '429')
      return send(
        res,
        429,
        { error: { message: 'too many requests' } },
        {
          'Retry-After': String(failure.retryAfter ?? 1),
        },
      );
    if (failure?.type === '5xx') return send(res, failure.status ?? 503, {});
    this.stats.submissions++;
    const texts = receiptTexts(body);
    const submissionId = randomUUID();
    const accepted: { uuid: string; receiptNumber: string }[] = [];
    const rejected: unknown[] = [];
    const uuids: string[] = [];
    for (const text of texts) {
      const doc = JSON.parse(text) as {
        header: { uuid: string; previousUUID: string; receiptNumber: string };
        seller: { deviceSerialNumber: string };
      };
      const h = doc.header;
      this.submitted.push(h.uuid);
      const details: EtaErrorDto[] = [];
      if (etaReceiptUuid(text, sha256Hex) !== h.uuid)
        details.push({ code: 'RV001', message: 'Receipt UUID is not valid', target: 'uuid' });
      else if (!this.links.has(h.uuid)) this.links.set(h.uuid, serial);
      if (doc.seller.deviceSerialNumber !== serial)
        details.push({
          code: 'RV002',
          message: 'Device serial does not match the token',
          target: 'deviceSerialNumber',
        });
      const used = this.used.get(serial) ?? new Set<string>();
      const prev = h.previousUUID;
      const prevKnown = prev === '' ? !used.has('') : this.links.get(prev) === serial;
      if (!prevKnown || (prev !== '' && used.has(prev)))
        details.push({
          code: 'RV003',
          message: 'previousUUID breaks the chain of the device',
          target: 'previousUUID',
        });
      for (const field of checkEtaReceiptEquations(text))
        details.push({
          code: 'RV004',
          message: `Calculation is not valid: ${field}`,
          target: field,
        });
      if (this.receipts.has(h.uuid))
        details.push({ code: 'RV005', message: 'Duplicate receipt UUID', target: 'uuid' });
      if (failure?.type === 'reject')
        details.push({
          code: failure.code ?? 'RV999',
          message: failure.message ?? 'Rejected by the simulator',
        });
      if (details.length) {
        rejected.push({
          uuid: h.uuid,
          receiptNumber: h.receiptNumber,
          error: { code: 'ValidationError', message: 'Validation failed', details },
        });
        continue;
      }
      used.add(prev);
      this.used.set(serial, used);
      this.receipts.set(h.uuid, {
        uuid: h.uuid,
        serial,
        previousUUID: prev,
        receiptNumber: h.receiptNumber,
        submissionId,
        status: failure?.type === 'invalid' ? 'Invalid' : 'Valid',
        errors:
          failure?.type === 'invalid'
            ? [{ code: failure.code ?? 'RV100', message: failure.message ?? 'Invalid receipt' }]
            : [],
      });
      uuids.push(h.uuid);
      accepted.push({ uuid: h.uuid, receiptNumber: h.receiptNumber });
    }
    this.submissions.set(submissionId, { at: Date.now(), uuids });
    if (failure?.type === 'drop') {
      res.socket?.destroy();
      return;
    }
    if (!accepted.length && rejected.length)
      return send(res, 400, {
        submissionId: null,
        acceptedDocuments: [],
        rejectedDocuments: rejected,
      });
    send(res, 202, { submissionId, acceptedDocuments: accepted, rejectedDocuments: rejected });
  }

  private details(id: string, res: ServerResponse): void {
    this.stats.status++;
    const s = this.submissions.get(id);
    if (!s) return send(res, 404, { error: { message: 'not found' } });
    const done = this.isDone(id);
    send(res, 200, {
      submissionUuid: id,
      status: done ? 'Valid' : 'In Progress',
      receipts: s.uuids.map((u) => {
        const r = this.receipts.get(u)!;
        return {
          uuid: u,
          receiptNumber: r.receiptNumber,
          status: done ? r.status : 'Submitted',
          errors: done ? r.errors : [],
        };
      }),
    });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
