import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);

/**
 * Sends a large JSON answer gzipped when the client accepts it (the device catalog's pages: about
 * a megabyte of JSON each, a fifth of that on the wire). The app has no general response
 * compression; this is for the few answers worth it.
 */
export async function sendJsonGzip(req: Request, res: Response, body: unknown): Promise<void> {
  const json = Buffer.from(JSON.stringify(body));
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (json.length < 1024 || !req.acceptsEncodings('gzip')) {
    res.end(json);
    return;
  }
  const zipped = await gzipAsync(json, { level: constants.Z_BEST_SPEED });
  res.setHeader('Content-Encoding', 'gzip');
  res.end(zipped);
}
