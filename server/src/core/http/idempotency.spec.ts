import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MONEY_COMMANDS, moneyCommandFor, needsIdempotencyKey } from '@pos/contracts';
import { IDEMPOTENT_KEY } from './idempotency';

// Issue 30 item 12: every command of MONEY_COMMANDS is marked @Idempotent() on the server, with
// the list's key mode, and nothing else is; a new money route cannot be forgotten in either place.

const SRC = path.resolve(__dirname, '../..');
const VERBS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
};

function controllerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return controllerFiles(full);
    return d.name.endsWith('.controller.ts') ? [full] : [];
  });
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

/** `METHOD /path mode` of every state-changing route marked @Idempotent(), from the metadata. */
function markedRoutes(): string[] {
  const out: string[] = [];
  for (const file of controllerFiles(SRC)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function') continue;
      const base: unknown = Reflect.getMetadata(PATH_METADATA, value);
      if (base === undefined) continue;
      const proto = (value as { prototype: Record<string, unknown> }).prototype;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const fn = proto[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const mode: unknown = Reflect.getMetadata(IDEMPOTENT_KEY, fn);
        const verb = VERBS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
        if (mode === undefined) continue;
        const sub = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, fn) ?? '');
        for (const b of ([] as string[]).concat(base as string))
          for (const s of sub) out.push(`${verb} ${join(b, s)} ${String(mode)}`);
      }
    }
  }
  return out.sort();
}

describe('the money and stock commands of @pos/contracts', () => {
  it('are exactly the routes marked @Idempotent() on the server, with their key mode', () => {
    const listed = MONEY_COMMANDS.map((c) => `${c.method} ${c.path} ${c.key}`).sort();
    expect(markedRoutes()).toEqual(listed);
  });

  it('have unique names and are found from a request path (with /api, a query, any case)', () => {
    expect(new Set(MONEY_COMMANDS.map((c) => c.name)).size).toBe(MONEY_COMMANDS.length);
    expect(moneyCommandFor('post', '/api/expenses?x=1')?.name).toBe('expense');
    expect(moneyCommandFor('POST', '/Vendors/abc/payments')?.name).toBe('vendor.payment');
    expect(moneyCommandFor('GET', '/api/Expenses')).toBeUndefined();
    expect(moneyCommandFor('POST', '/api/Expenses/a/b/c')).toBeUndefined();
    expect(needsIdempotencyKey('POST', '/api/Sales')).toBe(false);
    expect(needsIdempotencyKey('DELETE', '/api/Maintenance/t/parts/p')).toBe(true);
  });
});
