import type { Request } from 'express';
import { sameOrigin } from './auth.guard';

const req = (headers: Record<string, string>, forwardedHost?: string) =>
  ({
    get: (name: string) => headers[name.toLowerCase()],
    host: forwardedHost ?? headers.host,
  }) as unknown as Request;

describe('sameOrigin (cookie-authenticated state changes)', () => {
  it('allows a request without Origin or Referer (non-browser clients)', () => {
    expect(sameOrigin(req({ host: 'pos.example:3000' }))).toBe(true);
  });

  it('allows the same host and port', () => {
    expect(sameOrigin(req({ host: 'pos.example:3000', origin: 'http://pos.example:3000' }))).toBe(
      true,
    );
    expect(sameOrigin(req({ host: 'pos.example', origin: 'https://pos.example' }))).toBe(true);
    expect(sameOrigin(req({ host: 'pos.example', referer: 'https://pos.example/pos?x=1' }))).toBe(
      true,
    );
  });

  it('allows the forwarded host when the proxy is trusted', () => {
    expect(
      sameOrigin(req({ host: '10.0.0.5:3000', origin: 'https://shop.example' }, 'shop.example')),
    ).toBe(true);
  });

  it('refuses another site, another port, a "null" origin and garbage', () => {
    expect(sameOrigin(req({ host: 'pos.example', origin: 'https://evil.example' }))).toBe(false);
    expect(sameOrigin(req({ host: 'pos.example:3000', origin: 'http://pos.example:4000' }))).toBe(
      false,
    );
    expect(sameOrigin(req({ host: 'pos.example', origin: 'null' }))).toBe(false);
    expect(sameOrigin(req({ host: 'pos.example', origin: 'not a url' }))).toBe(false);
    expect(
      sameOrigin(req({ host: 'pos.example', referer: 'https://evil.example/pos.example' })),
    ).toBe(false);
    // Origin wins over a same-site Referer.
    expect(
      sameOrigin(
        req({
          host: 'pos.example',
          origin: 'https://evil.example',
          referer: 'https://pos.example/',
        }),
      ),
    ).toBe(false);
  });
});
