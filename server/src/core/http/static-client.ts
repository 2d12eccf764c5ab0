import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import * as fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import * as path from 'node:path';

/** Hashed build output (Vite writes every bundle, stylesheet and font under /assets with a content hash). */
const HASHED = /^assets[\\/]/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built client: its files, and index.html for every other non-API GET (the SPA's routes).
 * The build leaves a brotli and a gzip copy beside each compressible file (client/scripts/
 * precompress.mjs); they are sent with Content-Encoding when the request accepts them (brotli
 * first), with `Vary: Accept-Encoding`. Hashed assets never change under their name: cached for a
 * year, immutable. index.html (and any other unhashed file) is revalidated on every load, so a new
 * build is picked up at once.
 */
export function staticClient(clientDist: string): RequestHandler | null {
  const root = path.resolve(clientDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
  const serve = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res: ServerResponse, file: string) => {
        res.setHeader(
          'Cache-Control',
          HASHED.test(path.relative(root, file)) ? IMMUTABLE : 'no-cache',
        );
      },
    },
  }) as RequestHandler;

  return (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path.startsWith('/api') ||
      req.path.startsWith('/health/') ||
      req.path === '/metrics' ||
      req.path.startsWith('/socket.io')
    )
      return next();
    serve(req, res, (error?: unknown) => {
      if (error) return next(error);
      // Not a file: a client-side route gets the app's page.
      const original = req.url;
      req.url = '/index.html';
      serve(req, res, (inner?: unknown) => {
        req.url = original;
        next(inner);
      });
    });
  };
}
