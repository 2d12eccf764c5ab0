// A Redis master, its replica and three Sentinels of the run's own (decision 0127), on `port`
// (master), port+1 (replica) and port+2..port+4 (Sentinels), all redis-server (the Sentinels in
// `--sentinel` mode, each with its config file in a temporary folder: Sentinel rewrites it).
// `failover()` asks a Sentinel to fail the master over and resolves once every Sentinel names the
// replica master, or kills the master and waits for the Sentinels to elect the replica. `stop()`
// kills them all and removes the folder, also after a failure.
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { Buffer } = require('node:buffer');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One command on a raw connection (RESP); resolves with the raw reply. */
function command(port, ...args) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis ${port} ${args[0]}: no answer`));
    }, 3000);
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.once('connect', () =>
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`,
      ),
    );
    socket.on('data', (d) => {
      out += d.toString();
      // Enough for the replies used here: one line, or a bulk/array answer followed by a quiet 20 ms.
      clearTimeout(timer);
      setTimeout(() => {
        socket.destroy();
        resolve(out);
      }, 20);
    });
  });
}

async function waitUntil(label, ms, probe) {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${label}: not within ${ms} ms`);
    await sleep(100);
  }
}

async function startSentinelGroup(port, name = 'posmaster') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-sentinel-'));
  const children = [];
  const byPort = new Map();
  const server = (args, p) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    children.push(child);
    if (p) byPort.set(p, child);
    return child;
  };
  const base = (p) => [
    '--port',
    String(p),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  const ports = { master: port, replica: port + 1, sentinels: [port + 2, port + 3, port + 4] };
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise((r) => {
            if (c.exitCode !== null || c.signalCode !== null) return r();
            c.once('exit', r);
            c.kill('SIGKILL');
          }),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const masterPort = async () => {
    const reply = await command(ports.sentinels[0], 'SENTINEL', 'get-master-addr-by-name', name);
    return Number(reply.trim().split('\r\n').at(-1));
  };
  try {
    server(base(ports.master), ports.master);
    server(
      [...base(ports.replica), '--replicaof', '127.0.0.1', String(ports.master)],
      ports.replica,
    );
    await waitUntil('the replica in sync', 10_000, async () =>
      (await command(ports.replica, 'INFO', 'replication')).includes('master_link_status:up'),
    );
    for (const p of ports.sentinels) {
      const conf = path.join(dir, `sentinel-${p}.conf`);
      fs.writeFileSync(
        conf,
        [
          `port ${p}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${ports.master} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      server([conf, '--sentinel']);
    }
    // Every Sentinel knows the others and the replica (so a failover can be agreed and done).
    await waitUntil('the Sentinels to know each other', 15_000, async () => {
      for (const p of ports.sentinels) {
        const reply = await command(p, 'SENTINEL', 'master', name);
        const field = (k) => {
          const lines = reply.split('\r\n');
          const i = lines.indexOf(k);
          return i >= 0 ? Number(lines[i + 2]) : 0;
        };
        if (field('num-other-sentinels') < 2 || field('num-slaves') < 1) return false;
      }
      return true;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ports,
    name,
    sentinels: ports.sentinels.map((p) => `127.0.0.1:${p}`).join(','),
    masterPort,
    command,
    /**
     * Fails the master over — asked (`SENTINEL failover`), or with `{ kill: true }` by killing the
     * master (SIGKILL, a crash: the Sentinels see it down after 1 s and elect a new one) — and
     * resolves with the new master's port once every Sentinel names it and it takes writes.
     */
    failover: async ({ kill = false } = {}) => {
      const before = await masterPort();
      if (kill) {
        byPort.get(before).kill('SIGKILL');
      } else {
        const reply = await command(ports.sentinels[0], 'SENTINEL', 'failover', name);
        if (!reply.startsWith('+OK')) throw new Error(`SENTINEL failover: ${reply}`);
      }
      let after = before;
      await waitUntil('every Sentinel to name the new master', 20_000, async () => {
        const named = await Promise.all(
          ports.sentinels.map(async (p) =>
            Number(
              (await command(p, 'SENTINEL', 'get-master-addr-by-name', name))
                .trim()
                .split('\r\n')
                .at(-1),
            ),
          ),
        );
        after = named[0];
        if (!named.every((n) => n === after && n !== before)) return false;
        // and the new master takes writes
        return (await command(after, 'INFO', 'replication')).includes('role:master');
      });
      return after;
    },
    stop,
  };
}

module.exports = { startSentinelGroup };
