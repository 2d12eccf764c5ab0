import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRINT_JOB_MAX_BYTES, parsePrinterAddress } from '@pos/contracts';
import { PrinterUnreachable, sendRaw } from '../core/printing/raw-tcp';

// The shop's LAN print bridge (issue 35, docs/printing.md, docs/decisions/0113): the same relay as
// the server's POST /api/PosDevices/:id/print, run on a machine of the shop, so a till prints to
// its network printer with the cloud server out of reach (the till renders and encodes the
// receipt itself). `npm run print-bridge`; no database, no session: it takes jobs only from the
// origins it is told to, and sends them only to the printers it is told to (or any :9100).

export type PrintBridgeOptions = {
  port: number;
  host: string;
  /** origins whose pages may send jobs (CORS); empty: any */
  origins: string[];
  /** `host:port` of the printers jobs may go to; empty: any host on port 9100 */
  printers: string[];
};

/** POST /print {printer: "host:port", data: base64} → 204; GET /health → 200. */
export class PrintBridge {
  private server: Server | null = null;

  constructor(private readonly options: PrintBridgeOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) =>
      this.server!.listen(this.options.port, this.options.host, resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.options.host}:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private allowedPrinter(address: string): boolean {
    const target = parsePrinterAddress(address);
    if (!target) return false;
    if (!this.options.printers.length) return target.port === 9100;
    return this.options.printers.some((p) => {
      const allowed = parsePrinterAddress(p);
      return allowed?.host === target.host && allowed.port === target.port;
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    const { origins } = this.options;
    if (origin && origins.length && !origins.includes(origin)) return answer(res, 403, 'origin');
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      // Chrome's Private Network Access: a public page asking a LAN / local address
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    if (req.method === 'OPTIONS') return answer(res, 204);
    if (req.method === 'GET' && req.url === '/health') return answer(res, 200, 'ok');
    if (req.method !== 'POST' || req.url !== '/print') return answer(res, 404, 'not found');
    const limit = Math.ceil(PRINT_JOB_MAX_BYTES / 3) * 4 + 1024;
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) return answer(res, 413, 'too large');
      chunks.push(chunk as Buffer);
    }
    let job: { printer?: unknown; data?: unknown };
    try {
      job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof job;
    } catch {
      return answer(res, 400, 'body');
    }
    if (typeof job.printer !== 'string' || !this.allowedPrinter(job.printer))
      return answer(res, 400, 'printer');
    if (typeof job.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(job.data))
      return answer(res, 400, 'data');
    try {
      await sendRaw(job.printer, Buffer.from(job.data, 'base64'));
    } catch (err) {
      if (err instanceof PrinterUnreachable) return answer(res, 502, 'printer unreachable');
      throw err;
    }
    answer(res, 204);
  }
}

function answer(res: ServerResponse, status: number, text = ''): void {
  res.statusCode = status;
  if (text) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}
