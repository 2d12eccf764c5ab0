import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { pinoHttpOptions } from './logging';

/** A logger as the app makes it (pino-http with the app's options), its lines parsed. */
function logger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const { logger: log } = pinoHttp(pinoHttpOptions({ LOG_LEVEL: 'info' }), sink);
  return { log, lines };
}

class PasswordChange {
  constructor(
    public currentPassword: string,
    public newPassword: string,
    public username: string,
  ) {}
}

describe('what the logs mask', () => {
  it('masks the secret names at the top of a line and one level in, and leaves the rest and the caller’s objects as they were', () => {
    const { log, lines } = logger();
    const dto = {
      password: 'hunter2-secret',
      name: 'Nadia',
      lines: [{ code: 'kept in an array' }],
    };
    const change = new PasswordChange('old-secret-1', 'new-secret-2', 'nadia');
    const at = new Date('2026-12-07T10:00:00Z');
    log.info({ token: 'top-secret-3', dto, change, at, count: 3 }, 'saved');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'saved',
      token: '[Redacted]',
      dto: { password: '[Redacted]', name: 'Nadia', lines: [{ code: 'kept in an array' }] },
      change: { currentPassword: '[Redacted]', newPassword: '[Redacted]', username: 'nadia' },
      at: '2026-12-07T10:00:00.000Z',
      count: 3,
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|old-secret|new-secret|top-secret/);
    // the caller's objects are not changed
    expect(dto.password).toBe('hunter2-secret');
    expect(change).toBeInstanceOf(PasswordChange);
    expect(change.newPassword).toBe('new-secret-2');
  });

  it('masks an error’s secret-named fields and keeps its message; a child’s top-level secret too', () => {
    const { log, lines } = logger();
    const err = Object.assign(new Error('the bank refused'), {
      apiKey: 'ak-secret-4',
      status: 502,
    });
    log.child({ reqId: 'r-1', secret: 'child-secret-5' }).error({ err }, 'payment failed');
    expect(lines[0]).toMatchObject({
      reqId: 'r-1',
      secret: '[Redacted]',
      msg: 'payment failed',
      err: { type: 'Error', message: 'the bank refused', apiKey: '[Redacted]', status: 502 },
    });
    expect(JSON.stringify(lines)).not.toMatch(/ak-secret|child-secret/);
    expect(err.apiKey).toBe('ak-secret-4');
  });

  it('writes a request as its method and path only, with secret query values masked', () => {
    const { log, lines } = logger();
    log.info(
      {
        req: {
          method: 'GET',
          url: '/api/x?token=abc-secret-6&page=2',
          headers: { cookie: 'sid=cookie-secret-7', authorization: 'Bearer b-secret-8' },
        },
      },
      'asked',
    );
    expect(lines[0].req).toEqual({ method: 'GET', url: '/api/x?token=%5BRedacted%5D&page=2' });
    expect(JSON.stringify(lines)).not.toMatch(/secret-6|secret-7|secret-8/);
  });
});
