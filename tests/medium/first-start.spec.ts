import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { Http, sleep } from '../reliability/support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createThrowawayDatabase, dropDatabase } = require('../support-db.js');

// Issue 11, item 15: the built server's first start on an empty database, as a shop owner runs it.
// The generated admin password is printed last (after the server listens), framed, with the URL;
// signing in with it allows nothing but changing it; a normal stop logs no Redis warning.
const ROOT = path.resolve(__dirname, '..', '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('first start (issue 11, item 15)', () => {
  let db: { name: string; url: string };
  let proc: ChildProcess;
  let output = '';
  let port: number;

  beforeAll(async () => {
    db = await createThrowawayDatabase('pos_first');
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      LOG_LEVEL: 'normal',
    };
    delete env.ADMIN_PASSWORD;
    proc = spawn(process.execPath, [path.join(ROOT, 'dist/server/src/main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (output += d.toString()));
    proc.stderr!.on('data', (d) => (output += d.toString()));
    const started = Date.now();
    // Up, and done printing what it prints at start (the credentials come after "listening").
    while (!/admin \/ \S+/.test(output) || Date.now() - started < 1500) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (Date.now() - started > 60_000) throw new Error(`no credentials printed: ${output}`);
      await sleep(100);
    }
    await sleep(1500);
  });
  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGKILL');
      await new Promise((r) => proc.once('exit', r));
    }
    await dropDatabase(db.name);
  });

  it('prints the generated password last, framed, with the URL', () => {
    const lines = output.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => /admin \/ \S+/.test(l));
    // Nothing after the frame: it is the last thing on the screen.
    const frame = lines.slice(at - 1);
    expect(frame.length).toBeLessThanOrEqual(6);
    expect(frame[0]).toMatch(/^[┌╔+=-]/);
    expect(frame[frame.length - 1]).toMatch(/^[└╚+=-]/);
    expect(frame.join('\n')).toContain(`http://localhost:${port}`);
    expect(lines.slice(0, at).join('\n')).toMatch(/served on/);
  });

  it('lets the generated password do nothing but change itself', async () => {
    const password = /admin \/ (\S+)/.exec(output)![1];
    const owner = new Http(`http://127.0.0.1:${port}`);
    await owner.signIn('admin', password);
    // The session API is as the spec says.
    const session = await owner.call('GET', '/api/auth/session');
    expect(session.status).toBe(200);
    expect(Object.keys(session.body.user as object).sort()).toEqual([
      'branchId',
      'id',
      'isAdmin',
      'maxDiscountPercent',
      'name',
      'permissions',
      'screens',
      'username',
    ]);
    // The step is named in a header of the session answer (the body is the spec's).
    const raw = await fetch(`http://127.0.0.1:${port}/api/auth/session`, {
      headers: { cookie: (owner as unknown as { cookie: () => string }).cookie() },
    });
    expect(raw.headers.get('x-account-step')).toBe('PASSWORD_CHANGE_REQUIRED');
    const account = await owner.call('GET', '/api/account');
    expect(account.body).toMatchObject({ mustChangePassword: true });
    for (const [method, p] of [
      ['GET', '/api/Branch'],
      ['GET', '/api/Users'],
      ['POST', '/api/Roles'],
    ] as const) {
      const res = await owner.call(
        method,
        p,
        method === 'POST' ? { name: 'x', permissions: [] } : undefined,
      );
      expect({ p, status: res.status, code: res.body.code }).toEqual({
        p,
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
    }
    expect(
      (
        await owner.call('POST', '/api/account/password', {
          currentPassword: password,
          newPassword: password,
        })
      ).body.code,
    ).toBe('PASSWORD_UNCHANGED');
    expect(
      (
        await owner.call('POST', '/api/account/password', {
          currentPassword: 'wrong-one',
          newPassword: 'owner-pass-1',
        })
      ).body.code,
    ).toBe('WRONG_PASSWORD');
    expect(
      (
        await owner.call('POST', '/api/account/password', {
          currentPassword: password,
          newPassword: 'owner-pass-1',
        })
      ).status,
    ).toBe(204);
    expect((await owner.call('GET', '/api/Branch')).status).toBe(200);
    expect((await owner.call('GET', '/api/account')).body).toMatchObject({
      mustChangePassword: false,
    });
    // The new password is the one that signs in now.
    await new Http(`http://127.0.0.1:${port}`).signIn('admin', 'owner-pass-1');
  });

  it('stops on SIGTERM without a Redis warning', async () => {
    const before = output.length;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
    const tail = output.slice(before);
    expect(proc.exitCode).toBe(0);
    expect(tail).not.toMatch(/cannot be reached|EPIPE|ERROR|"level":(50|60)[,}]/);
  });
});
