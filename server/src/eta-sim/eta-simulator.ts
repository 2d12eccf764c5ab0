import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkEtaInvoiceEquations,
  checkEtaReceiptEquations,
  etaCanonicalize,
  etaReceiptUuid,
  withoutEtaSignature,
  type EtaErrorDto,
} from '@pos/contracts';
import { cmsMessageDigest, sha256Hex } from '../modules/einvoicing';

// A local ETA simulator for tests and the demo (issue 17 item 6), from the SDK's contract
// (FACTS §4): the identity token endpoint (POS headers), receipt submission with ETA's checks (the
// UUID recomputed from the exact text, the previousUUID chain per POS serial, the equations),
// submission details, a receipt by UUID, and failures to order: a timeout, 429 with Retry-After,
// 5xx, a synchronous rejection, an asynchronous "Invalid"; and an outage (`unreachable`: every
// connection is reset before any answer), with the requests that came in counted per POS serial.

export type SimFailure =
  | { type: 'timeout'; ms?: number }
  | { type: '429'; retryAfter?: number }
  | { type: '5xx'; status?: number }
  /** every receipt of the next submission rejected with this error */
  | { type: 'reject'; code?: string; message?: string }
  /** accepted, then Invalid at validation */
  | { type: 'invalid'; code?: string; message?: string }
  /** the next submission is recorded, then the connection is dropped (a lost response) */
  | { type: 'drop' }
  /** the next authenticated call is refused as if its token had expired */
  | { type: '401' };

type SimReceipt = {
  uuid: string;
  serial: string;
  previousUUID: string;
  receiptNumber: string;
  submissionId: string;
  status: 'Valid' | 'Invalid';
  errors: EtaErrorDto[];
};

/** An e-invoice the simulator accepted (FACTS §1.3–1.4): ETA assigns its UUID and long id. */
type SimDocument = {
  uuid: string;
  longId: string;
  internalId: string;
  documentType: string;
  submissionId: string;
  submittedAt: number;
  status: 'Valid' | 'Invalid' | 'Cancelled' | 'Rejected';
  errors: EtaErrorDto[];
  stateReason: string | null;
};

export type EtaSimulatorOptions = {
  port?: number;
  host?: string;
  tokenTtlSeconds?: number;
  /** how long a submission stays "in progress" */
  validationDelayMs?: number;
  /** a slow ETA: how long a receipt submission waits before it is checked and stored */
  acceptDelayMs?: number;
  /** how long the answer to a stored receipt submission takes (a kill then loses it) */
  answerDelayMs?: number;
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

/** A queued `reject` as the detail it adds to a document (`fallback`: the kind's own code). */
const rejection = (failure: SimFailure | undefined, fallback: string): EtaErrorDto[] =>
  failure?.type === 'reject'
    ? [{ code: failure.code ?? fallback, message: failure.message ?? 'Rejected by the simulator' }]
    : [];

/** A rejected document's error: the ETA's ValidationError with its details. */
const invalid = (details: EtaErrorDto[]) => ({
  code: 'ValidationError',
  message: 'Validation failed',
  details,
});

/** A submission's answer: 400 when no document was accepted, 202 otherwise. */
function answerSubmission(
  res: ServerResponse,
  submissionId: string,
  accepted: unknown[],
  rejected: unknown[],
): void {
  if (!accepted.length && rejected.length)
    return send(res, 400, {
      submissionId: null,
      acceptedDocuments: [],
      rejectedDocuments: rejected,
    });
  send(res, 202, { submissionId, acceptedDocuments: accepted, rejectedDocuments: rejected });
}

export class EtaSimulator {
  private server: Server | null = null;
  readonly failures: SimFailure[];
  /** every access token issued (tests check that none leaks) */
  readonly tokens = new Map<string, { serial: string; until: number }>();
  readonly receipts = new Map<string, SimReceipt>();
  readonly submissions = new Map<string, { at: number; uuids: string[] }>();
  /** every UUID each time it was submitted (duplicates show up here) */
  readonly submitted: string[] = [];
  /** receipt submissions received and not answered yet */
  inFlight = 0;
  /** the previousUUIDs already used per serial (a second use is a fork) */
  private readonly used = new Map<string, Set<string>>();
  /** every well-formed UUID a device sent (accepted or rejected): the links of its chain */
  private readonly links = new Map<string, string>();
  readonly stats = {
    tokens: 0,
    submissions: 0,
    status: 0,
    failuresServed: 0,
    documentSubmissions: 0,
  };
  readonly documents = new Map<string, SimDocument>();
  readonly documentSubmissions = new Map<string, { at: number; uuids: string[] }>();
  /** every internalID each time a document carrying it reached the simulator */
  readonly submittedInternalIds: string[] = [];
  /** an outage: every request is counted, then its connection reset (no answer at all) */
  unreachable = false;
  /** requests per POS serial (`erp:<client id>` for e-invoices), outage or not */
  readonly requests = new Map<string, number>();

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
    this.documents.clear();
    this.documentSubmissions.clear();
    this.submittedInternalIds.length = 0;
    this.requests.clear();
    this.unreachable = false;
  }

  /** How many times each UUID reached the simulator (more than 1 is a duplicate submission). */
  submissionCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const u of this.submitted) counts.set(u, (counts.get(u) ?? 0) + 1);
    return counts;
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
    if (req.method === 'POST' && url.pathname === '/sim/outage') {
      this.unreachable = !!(JSON.parse(body || '{}') as { down?: boolean }).down;
      return send(res, 200, { down: this.unreachable });
    }
    if (!url.pathname.startsWith('/sim/')) {
      const who = this.caller(req, body);
      this.requests.set(who, (this.requests.get(who) ?? 0) + 1);
      if (this.unreachable) {
        req.socket.destroy();
        return;
      }
    }
    if (req.method === 'GET' && url.pathname === '/sim/state') {
      return send(res, 200, {
        receipts: this.receipts.size,
        submitted: this.submitted.length,
        duplicates: this.submitted.length - new Set(this.submitted).size,
        inFlight: this.inFlight,
        documents: this.documents.size,
        documentDuplicates:
          this.submittedInternalIds.length - new Set(this.submittedInternalIds).size,
        stats: this.stats,
      });
    }
    if (req.method === 'POST' && url.pathname === '/connect/token')
      return this.token(req, body, res);
    const serial = this.auth(req);
    if (serial === null) return send(res, 401, { error: { message: 'invalid token' } });
    if (this.failures[0]?.type === '401') {
      this.failures.shift();
      this.stats.failuresServed++;
      return send(res, 401, { error: { message: 'token expired' } });
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/receiptsubmissions') {
      this.inFlight++;
      try {
        return await this.submit(serial, body, res);
      } finally {
        this.inFlight--;
      }
    }
    let m = /^\/api\/v1\/receiptsubmissions\/([^/]+)\/details$/.exec(url.pathname);
    if (req.method === 'GET' && m) return this.details(m[1], res);
    if (url.pathname.startsWith('/api/v1.0/')) return this.documentApi(req, url, body, res);
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
    // a POS token carries posserial; an ERP token (e-invoices) does not
    const serial = String(req.headers['posserial'] ?? '') || `erp:${form.get('client_id') ?? ''}`;
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !form.get('client_id') ||
      !form.get('client_secret')
    )
      return send(res, 400, { error: 'invalid_client' });
    const token = `sim-${randomUUID()}`;
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    this.tokens.set(token, { serial, until: Date.now() + ttl * 1000 });
    this.stats.tokens++;
    send(res, 200, { access_token: token, expires_in: ttl, token_type: 'Bearer' });
  }

  /** Whose request this is: the token request's posserial / client id, else its token's serial. */
  private caller(req: IncomingMessage, body: string): string {
    if (req.headers['posserial']) return String(req.headers['posserial']);
    const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    const t = m && this.tokens.get(m[1]);
    if (t) return t.serial;
    const client = new URLSearchParams(body).get('client_id');
    return client ? `erp:${client}` : 'unknown';
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

  /**
   * The next failure queued for a submission: a timeout, 429 or 5xx is answered here ('answered');
   * any other (reject, invalid, drop) or none is the submission's to play.
   */
  private async nextFailure(res: ServerResponse): Promise<SimFailure | undefined | 'answered'> {
    const failure = this.failures.shift();
    if (failure) this.stats.failuresServed++;
    if (failure?.type === 'timeout') {
      await new Promise((r) => setTimeout(r, failure.ms ?? 60_000));
      send(res, 504, {});
      return 'answered';
    }
    if (failure?.type === '429') {
      send(
        res,
        429,
        { error: { message: 'too many requests' } },
        { 'Retry-After': String(failure.retryAfter ?? 1) },
      );
      return 'answered';
    }
    if (failure?.type === '5xx') {
      send(res, failure.status ?? 503, {});
      return 'answered';
    }
    return failure;
  }

  private async submit(serial: string, body: string, res: ServerResponse): Promise<void> {
    if (this.options.acceptDelayMs) await sleep(this.options.acceptDelayMs);
    const failure = await this.nextFailure(res);
    if (failure === 'answered') return;
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
      details.push(...rejection(failure, 'RV999'));
      if (details.length) {
        rejected.push({ uuid: h.uuid, receiptNumber: h.receiptNumber, error: invalid(details) });
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
    if (this.options.answerDelayMs) await sleep(this.options.answerDelayMs);
    answerSubmission(res, submissionId, accepted, rejected);
  }

  // --- e-invoices (FACTS §1.3) -------------------------------------------------------------------

  private docStatus(d: SimDocument): string {
    const s = this.documentSubmissions.get(d.submissionId);
    const done = !!s && Date.now() - s.at >= (this.options.validationDelayMs ?? 0);
    return done ? d.status : 'Submitted';
  }

  private async documentApi(
    req: IncomingMessage,
    url: URL,
    body: string,
    res: ServerResponse,
  ): Promise<void> {
    if (req.method === 'POST' && url.pathname === '/api/v1.0/documentsubmissions')
      return this.submitDocuments(body, res);
    let m = /^\/api\/v1\.0\/documentsubmissions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      this.stats.status++;
      const s = this.documentSubmissions.get(m[1]);
      if (!s) return send(res, 404, { error: { message: 'not found' } });
      const docs = s.uuids.map((u) => this.documents.get(u)!);
      const statuses = docs.map((d) => this.docStatus(d));
      const overallStatus = statuses.includes('Submitted')
        ? 'In Progress'
        : statuses.every((x) => x === 'Invalid')
          ? 'Invalid'
          : statuses.some((x) => x === 'Invalid')
            ? 'Partially Valid'
            : 'Valid';
      return send(res, 200, {
        submissionId: m[1],
        documentCount: docs.length,
        dateTimeReceived: new Date(s.at).toISOString(),
        overallStatus,
        documentSummary: docs.map((d, i) => ({
          uuid: d.uuid,
          submissionUUID: d.submissionId,
          longId: d.longId,
          internalId: d.internalId,
          typeName: d.documentType,
          status: statuses[i],
        })),
      });
    }
    m = /^\/api\/v1\.0\/documents\/([^/]+)\/(details|raw)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const d = this.documents.get(m[1]);
      if (!d) return send(res, 404, { error: { message: 'not found' } });
      const status = this.docStatus(d);
      return send(res, 200, {
        uuid: d.uuid,
        submissionUUID: d.submissionId,
        longId: d.longId,
        internalId: d.internalId,
        status,
        validationResults: {
          status,
          validationSteps:
            status === 'Invalid'
              ? [
                  {
                    name: 'Document validation',
                    status: 'Invalid',
                    error: { code: 'ValidationError', message: 'Invalid', details: d.errors },
                  },
                ]
              : [],
        },
      });
    }
    m = /^\/api\/v1\.0\/documents\/state\/([^/]+)\/state$/.exec(url.pathname);
    if (req.method === 'PUT' && m) {
      const d = this.documents.get(m[1]);
      if (!d) return send(res, 404, { error: { message: 'not found' } });
      const { status, reason } = JSON.parse(body || '{}') as { status?: string; reason?: string };
      if (!['cancelled', 'rejected'].includes(String(status)) || !String(reason ?? '').trim())
        return send(res, 400, {
          error: { code: 'ValidationError', message: 'status and reason are required' },
        });
      if (this.docStatus(d) !== 'Valid')
        return send(res, 400, {
          error: {
            code: 'ValidationError',
            message: 'Provided Status is invalid, based on the current document status.',
          },
        });
      d.status = status === 'cancelled' ? 'Cancelled' : 'Rejected';
      d.stateReason = String(reason);
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/v1.0/documents/search') {
      const from = Date.parse(url.searchParams.get('submissionDateFrom') ?? '');
      const to = Date.parse(url.searchParams.get('submissionDateTo') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to) || to - from > 31 * 86_400_000)
        return send(res, 400, { error: { message: 'a submission date window of ≤ 30 days' } });
      const result = [...this.documents.values()]
        .filter((d) => d.submittedAt >= from && d.submittedAt <= to)
        .map((d) => ({
          uuid: d.uuid,
          submissionUUID: d.submissionId,
          longId: d.longId,
          internalId: d.internalId,
          typeName: d.documentType,
          status: this.docStatus(d),
        }));
      return send(res, 200, { result, metadata: { continuationToken: 'EndofResultSet' } });
    }
    send(res, 404, { error: { message: 'not found' } });
  }

  private async submitDocuments(body: string, res: ServerResponse): Promise<void> {
    const failure = await this.nextFailure(res);
    if (failure === 'answered') return;
    this.stats.documentSubmissions++;
    const submissionId = etaId();
    const accepted: { uuid: string; longId: string; internalId: string }[] = [];
    const rejected: unknown[] = [];
    const uuids: string[] = [];
    const seen = new Set([...this.documents.values()].map((d) => d.internalId));
    for (const text of receiptTexts(body)) {
      const doc = JSON.parse(text) as {
        internalID?: string;
        documentType?: string;
        documentTypeVersion?: string;
        references?: string[];
        signatures?: { signatureType?: string; value?: string }[];
      };
      const internalId = String(doc.internalID ?? '');
      this.submittedInternalIds.push(internalId);
      const details: EtaErrorDto[] = [];
      if (doc.documentTypeVersion !== '1.0')
        details.push({ code: 'DV001', message: 'documentTypeVersion must be 1.0' });
      const signature = doc.signatures?.find((x) => x.signatureType === 'I')?.value ?? '';
      if (!signature)
        details.push({
          code: '4041',
          message: 'The document has no signature',
          target: 'signatures',
        });
      else {
        const digest = cmsMessageDigest(signature);
        const expected = Buffer.from(sha256Hex(etaCanonicalize(withoutEtaSignature(text))), 'hex');
        if (!digest || !digest.equals(expected))
          details.push({
            code: '4043',
            message: 'message-digest attribute value does not match calculated value',
            target: 'signatures',
          });
      }
      for (const field of checkEtaInvoiceEquations(withoutEtaSignature(text)))
        details.push({
          code: 'DV004',
          message: `Calculation is not valid: ${field}`,
          target: field,
        });
      if (doc.documentType === 'c' || doc.documentType === 'd')
        for (const ref of doc.references ?? [])
          if (this.documents.get(ref)?.status !== 'Valid')
            details.push({
              code: 'DV005',
              message: 'The referenced document is not a valid document of the issuer',
              target: 'references',
            });
      if (seen.has(internalId))
        details.push({ code: 'DV006', message: 'Duplicate internal id', target: 'internalID' });
      details.push(...rejection(failure, 'DV999'));
      if (details.length) {
        rejected.push({ internalId, error: invalid(details) });
        continue;
      }
      seen.add(internalId);
      const d: SimDocument = {
        uuid: etaId(),
        longId: `${etaId()}${etaId()}`.slice(0, 40),
        internalId,
        documentType: String(doc.documentType),
        submissionId,
        submittedAt: Date.now(),
        status: failure?.type === 'invalid' ? 'Invalid' : 'Valid',
        errors:
          failure?.type === 'invalid'
            ? [{ code: failure.code ?? 'DV100', message: failure.message ?? 'Invalid document' }]
            : [],
        stateReason: null,
      };
      this.documents.set(d.uuid, d);
      uuids.push(d.uuid);
      accepted.push({ uuid: d.uuid, longId: d.longId, internalId });
    }
    this.documentSubmissions.set(submissionId, { at: Date.now(), uuids });
    if (failure?.type === 'drop') {
      res.socket?.destroy();
      return;
    }
    answerSubmission(res, submissionId, accepted, rejected);
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An ETA-like id: 26 upper-case letters and digits. */
function etaId(): string {
  return randomUUID().replace(/-/g, '').toUpperCase().slice(0, 26).padEnd(26, 'X');
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
