import type { EtaEnvironment, EtaErrorDto } from '@pos/contracts';

// The ETA HTTP client (FACTS §1, §4): OAuth2 client-credentials tokens per credential set, cached
// until shortly before expiry and renewed once on a 401; POS tokens carry the posserial headers;
// receipt submission, submission details, a receipt by UUID (reconciliation after a crash).

export type EtaHosts = { identity: string; api: string; portal: string };

export function etaHosts(env: EtaEnvironment, simUrl = process.env.ETA_SIM_URL): EtaHosts {
  if (env === 'prod')
    return {
      identity: 'https://id.eta.gov.eg',
      api: 'https://api.invoicing.eta.gov.eg',
      portal: 'https://invoicing.eta.gov.eg',
    };
  if (env === 'sim') {
    const base = (simUrl ?? 'http://127.0.0.1:4780').replace(/\/$/, '');
    return { identity: base, api: base, portal: base };
  }
  return {
    identity: 'https://id.preprod.eta.gov.eg',
    api: 'https://api.preprod.invoicing.eta.gov.eg',
    portal: 'https://preprod.invoicing.eta.gov.eg',
  };
}

export type PosCredentials = {
  clientId: string;
  clientSecret: string;
  posSerial: string;
  osVersion: string;
  modelFramework?: string;
  presharedKey?: string;
};

/** Why a call failed: transient ones are retried with back-off, the others are not. */
export class EtaHttpError extends Error {
  constructor(
    readonly kind: 'transient' | 'validation' | 'auth' | 'not_found',
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | null = null,
    readonly errors: EtaErrorDto[] = [],
  ) {
    super(message);
    this.name = 'EtaHttpError';
  }
}

export type ReceiptSubmitResult = {
  submissionId: string;
  accepted: { uuid: string; receiptNumber?: string }[];
  rejected: { uuid: string; receiptNumber?: string; errors: EtaErrorDto[] }[];
};

export type ReceiptStatusRow = { uuid: string; status: string; errors: EtaErrorDto[] };

type EtaErrorBody = {
  error?: {
    code?: string;
    message?: string;
    target?: string;
    details?: { code?: string; message?: string; target?: string; propertyPath?: string }[];
  };
};

/** ETA's error object as our EtaErrorDto list (the details, else the error itself). */
export function etaErrors(body: EtaErrorBody | undefined): EtaErrorDto[] {
  const e = body?.error;
  if (!e) return [];
  const details = (e.details ?? []).map((d) => ({
    code: String(d.code ?? e.code ?? ''),
    message: String(d.message ?? ''),
    ...(d.target ? { target: d.target } : {}),
    ...(d.propertyPath ? { propertyPath: d.propertyPath } : {}),
  }));
  return details.length
    ? details
    : [{ code: String(e.code ?? ''), message: String(e.message ?? ''), target: e.target }];
}

function retryAfter(h: string | null): number | null {
  if (!h) return null;
  const s = Number(h);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * A submission's answer. One whose every receipt or document failed validation answers 400 with
 * the same lists, or with only an error: that is a validation error of the whole submission.
 */
async function submissionAnswer<T extends { rejectedDocuments?: unknown[] }>(
  res: Response,
): Promise<T & EtaErrorBody> {
  const json = (await res.json().catch(() => ({}))) as T & EtaErrorBody;
  if (res.status >= 400 && !json.rejectedDocuments?.length)
    throw new EtaHttpError(
      'validation',
      res.status,
      json.error?.message ?? `ETA refused the submission (${res.status})`,
      null,
      etaErrors(json),
    );
  return json;
}

/** A refreshed token is taken this long before ETA's expires_in runs out. */
const TOKEN_MARGIN_MS = 120_000;

export class EtaClient {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly hosts: EtaHosts,
    private readonly options: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {}

  private get fetchFn(): typeof fetch {
    return this.options.fetch ?? fetch;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new EtaHttpError('transient', 0, `network: ${(error as Error).message}`);
    }
    if (res.status === 429 || res.status >= 500 || res.status === 408) {
      await res.text().catch(() => '');
      throw new EtaHttpError(
        'transient',
        res.status,
        `ETA answered ${res.status}`,
        retryAfter(res.headers.get('retry-after')),
      );
    }
    return res;
  }

  /** A token from /connect/token, cached under `key` until shortly before it expires. */
  private async token(
    key: string,
    force: boolean,
    who: string,
    init: RequestInit,
  ): Promise<string> {
    const cached = this.tokens.get(key);
    if (!force && cached && cached.until > Date.now()) return cached.token;
    const res = await this.call(`${this.hosts.identity}/connect/token`, init);
    if (!res.ok) {
      await res.text().catch(() => '');
      throw new EtaHttpError(
        'auth',
        res.status,
        `ETA refused the ${who} credentials (${res.status})`,
      );
    }
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    const ttl = (body.expires_in ?? 3600) * 1000;
    this.tokens.set(key, {
      token: body.access_token,
      until: Date.now() + Math.max(ttl - TOKEN_MARGIN_MS, ttl / 2),
    });
    return body.access_token;
  }

  /** A call with a bearer token, renewed once on 401. */
  private async withToken(
    token: (force: boolean) => Promise<string>,
    who: string,
    url: string,
    init: RequestInit,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.call(url, {
        ...init,
        headers: { ...(init.headers ?? {}), Authorization: `Bearer ${await token(attempt > 0)}` },
      });
      if (res.status === 401 && attempt === 0) {
        await res.text().catch(() => '');
        continue;
      }
      if (res.status === 401) throw new EtaHttpError('auth', 401, `ETA refused the ${who} token`);
      return res;
    }
  }

  /** A POS token (FACTS §4.1), cached per serial + client id. */
  posToken(c: PosCredentials, force = false): Promise<string> {
    return this.token(`pos:${c.posSerial}:${c.clientId}`, force, 'POS', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        posserial: c.posSerial,
        pososversion: c.osVersion,
        posmodelframework: c.modelFramework ?? '1',
        presharedkey: c.presharedKey ?? '',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: c.clientId,
        client_secret: c.clientSecret,
      }).toString(),
    });
  }

  /** A call with the POS token, renewed once on 401. */
  private withPos(c: PosCredentials, url: string, init: RequestInit): Promise<Response> {
    return this.withToken((force) => this.posToken(c, force), 'POS', url, init);
  }

  async submitReceipts(c: PosCredentials, receiptTexts: string[]): Promise<ReceiptSubmitResult> {
    // the receipts' exact texts, spliced in: never re-serialized (FACTS §3)
    const body = `{"receipts":[${receiptTexts.join(',')}]}`;
    const res = await this.withPos(c, `${this.hosts.api}/api/v1/receiptsubmissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const json = await submissionAnswer<{
      submissionId?: string;
      submissionUUID?: string;
      acceptedDocuments?: { uuid: string; receiptNumber?: string }[];
      rejectedDocuments?: ({ uuid: string; receiptNumber?: string } & EtaErrorBody)[];
    }>(res);
    return {
      submissionId: String(json.submissionId ?? json.submissionUUID ?? ''),
      accepted: json.acceptedDocuments ?? [],
      rejected: (json.rejectedDocuments ?? []).map((r) => ({
        uuid: r.uuid,
        receiptNumber: r.receiptNumber,
        errors: etaErrors(r),
      })),
    };
  }

  /** Submission details (FACTS §4.2): the status of each receipt, or null while in progress. */
  async submissionStatus(
    c: PosCredentials,
    submissionId: string,
  ): Promise<{ inProgress: boolean; receipts: ReceiptStatusRow[] }> {
    const res = await this.withPos(
      c,
      `${this.hosts.api}/api/v1/receiptsubmissions/${encodeURIComponent(submissionId)}/details?PageNo=1&PageSize=500`,
      { method: 'GET' },
    );
    if (res.status === 404) throw new EtaHttpError('not_found', 404, 'submission not found');
    const json = (await res.json()) as {
      status?: string;
      receipts?: ({ uuid: string; status: string } & { errors?: EtaErrorDto[] } & EtaErrorBody)[];
    };
    const receipts = (json.receipts ?? []).map((r) => ({
      uuid: r.uuid,
      status: String(r.status ?? ''),
      errors: r.errors ?? etaErrors(r),
    }));
    const inProgress =
      String(json.status ?? '').toLowerCase() === 'in progress' ||
      receipts.some((r) => !['valid', 'invalid', 'cancelled'].includes(r.status.toLowerCase()));
    return { inProgress, receipts };
  }

  /** A receipt by UUID (reconciliation): its submission id and status, or null if ETA has none. */
  async receiptByUuid(
    c: PosCredentials,
    uuid: string,
  ): Promise<{ submissionId: string; status: string } | null> {
    const res = await this.withPos(c, `${this.hosts.api}/api/v1/receipts/${uuid}/raw`, {
      method: 'GET',
    });
    if (res.status === 404) {
      await res.text().catch(() => '');
      return null;
    }
    const json = (await res.json()) as {
      submissionUuid?: string;
      submissionId?: string;
      status?: string;
    };
    return {
      submissionId: String(json.submissionUuid ?? json.submissionId ?? ''),
      status: String(json.status ?? ''),
    };
  }

  // --- e-invoices (FACTS §1): the ERP credentials of the taxpayer ------------------------------

  /** An ERP token (client credentials as form fields, scope InvoicingAPI), cached per client id. */
  erpToken(c: ErpCredentials, force = false): Promise<string> {
    return this.token(`erp:${c.clientId}`, force, 'ERP', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        scope: 'InvoicingAPI',
      }).toString(),
    });
  }

  private withErp(c: ErpCredentials, url: string, init: RequestInit): Promise<Response> {
    return this.withToken((force) => this.erpToken(c, force), 'ERP', url, init);
  }

  /** POST documentsubmissions with the signed documents' exact texts spliced in. */
  async submitDocuments(c: ErpCredentials, documentTexts: string[]): Promise<DocumentSubmitResult> {
    const res = await this.withErp(c, `${this.hosts.api}/api/v1.0/documentsubmissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"documents":[${documentTexts.join(',')}]}`,
    });
    const json = await submissionAnswer<{
      submissionId?: string;
      acceptedDocuments?: { uuid: string; longId?: string; internalId: string }[];
      rejectedDocuments?: ({ internalId: string } & EtaErrorBody)[];
    }>(res);
    return {
      submissionId: String(json.submissionId ?? ''),
      accepted: (json.acceptedDocuments ?? []).map((a) => ({
        uuid: a.uuid,
        longId: a.longId ?? null,
        internalId: a.internalId,
      })),
      rejected: (json.rejectedDocuments ?? []).map((r) => ({
        internalId: r.internalId,
        errors: etaErrors(r),
      })),
    };
  }

  /** GET documentsubmissions/{id}: each document's status (Submitted while validating). */
  async documentSubmission(
    c: ErpCredentials,
    submissionId: string,
  ): Promise<{ overallStatus: string; documents: DocumentStatusRow[] }> {
    const res = await this.withErp(
      c,
      `${this.hosts.api}/api/v1.0/documentsubmissions/${encodeURIComponent(submissionId)}?pageNo=1&pageSize=100`,
      { method: 'GET' },
    );
    if (res.status === 404) throw new EtaHttpError('not_found', 404, 'submission not found');
    const json = (await res.json()) as {
      overallStatus?: string;
      documentSummary?: { uuid: string; longId?: string; internalId: string; status: string }[];
    };
    return {
      overallStatus: String(json.overallStatus ?? ''),
      documents: (json.documentSummary ?? []).map((d) => ({
        uuid: d.uuid,
        longId: d.longId ?? null,
        internalId: d.internalId,
        status: String(d.status ?? ''),
      })),
    };
  }

  /** GET documents/{uuid}/details: the status and ETA's validation messages. */
  async documentDetails(
    c: ErpCredentials,
    uuid: string,
  ): Promise<{ status: string; errors: EtaErrorDto[] }> {
    const res = await this.withErp(
      c,
      `${this.hosts.api}/api/v1.0/documents/${encodeURIComponent(uuid)}/details`,
      { method: 'GET' },
    );
    if (res.status === 404) throw new EtaHttpError('not_found', 404, 'document not found');
    const json = (await res.json()) as {
      status?: string;
      validationResults?: {
        validationSteps?: ({ status?: string; name?: string } & EtaErrorBody)[];
      };
    };
    const errors = (json.validationResults?.validationSteps ?? [])
      .filter((s) => String(s.status ?? '').toLowerCase() === 'invalid')
      .flatMap((s) => etaErrors(s));
    return { status: String(json.status ?? ''), errors };
  }

  /** PUT documents/state/{uuid}/state: cancel (issuer) or reject (receiver) with a reason. */
  async setDocumentState(
    c: ErpCredentials,
    uuid: string,
    status: 'cancelled' | 'rejected',
    reason: string,
  ): Promise<void> {
    const res = await this.withErp(
      c,
      `${this.hosts.api}/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`,
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status, reason }),
      },
    );
    if (res.ok) {
      await res.text().catch(() => '');
      return;
    }
    const json = (await res.json().catch(() => ({}))) as EtaErrorBody;
    throw new EtaHttpError(
      res.status === 404 ? 'not_found' : 'validation',
      res.status,
      json.error?.message ?? `ETA refused the state change (${res.status})`,
      null,
      etaErrors(json),
    );
  }

  /**
   * GET documents/search by submission date (≤ 30 days, continuation tokens): the documents ETA
   * holds, for reconciling a submission whose answer was lost.
   */
  async searchDocuments(
    c: ErpCredentials,
    from: Date,
    to: Date,
  ): Promise<
    {
      uuid: string;
      internalId: string;
      submissionUUID: string;
      status: string;
      longId: string | null;
    }[]
  > {
    const out: {
      uuid: string;
      internalId: string;
      submissionUUID: string;
      status: string;
      longId: string | null;
    }[] = [];
    let token = '';
    for (let page = 0; page < 50; page++) {
      const q = new URLSearchParams({
        submissionDateFrom: from.toISOString(),
        submissionDateTo: to.toISOString(),
        pageSize: '100',
      });
      if (token) q.set('continuationToken', token);
      const res = await this.withErp(c, `${this.hosts.api}/api/v1.0/documents/search?${q}`, {
        method: 'GET',
      });
      const json = (await res.json()) as {
        result?: {
          uuid: string;
          internalId: string;
          submissionUUID: string;
          status: string;
          longId?: string;
        }[];
        metadata?: { continuationToken?: string };
      };
      for (const d of json.result ?? [])
        out.push({
          uuid: d.uuid,
          internalId: d.internalId,
          submissionUUID: d.submissionUUID,
          status: d.status,
          longId: d.longId ?? null,
        });
      token = json.metadata?.continuationToken ?? '';
      if (!token || token === 'EndofResultSet') break;
    }
    return out;
  }
}

export type ErpCredentials = { clientId: string; clientSecret: string };

export type DocumentSubmitResult = {
  submissionId: string;
  accepted: { uuid: string; longId: string | null; internalId: string }[];
  rejected: { internalId: string; errors: EtaErrorDto[] }[];
};

export type DocumentStatusRow = {
  uuid: string;
  longId: string | null;
  internalId: string;
  status: string;
};
