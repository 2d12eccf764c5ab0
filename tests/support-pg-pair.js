// A PostgreSQL primary and its streaming replica of the run's own (decision 0127), from Debian's
// server binaries (/usr/lib/postgresql/<newest>/bin): initdb in a temporary folder, the primary
// on `ports.primary`, then `pg_basebackup -R` (a physical copy that starts as a hot standby
// streaming from it) on `ports.replica`. The machine's own PostgreSQL is never touched (its
// pg_hba.conf allows no replication connections anyway). As root, every PostgreSQL program runs
// as the `postgres` user (initdb refuses root). `stop()` removes everything, also after a failure.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

function binDir() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_basebackup')))
    : [];
  if (!versions.length) throw new Error(`no PostgreSQL server binaries under ${base}`);
  return path.join(base, versions.sort((a, b) => Number(a) - Number(b)).at(-1), 'bin');
}

function startPair({ primary: primaryPort, replica: replicaPort }) {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-pg-pair-'));
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  // As postgres when root; output kept for an error's message.
  const run = (program, args) => {
    const cmd = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    // cwd: a folder the postgres user may enter (the checkout may not be one).
    const r = spawnSync(cmd[0], cmd[1], { encoding: 'utf8', timeout: 60_000, cwd: dir });
    if (r.status !== 0)
      throw new Error(`${program} ${args.join(' ')}: ${r.status} ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const serverOptions = (port) =>
    [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=60',
      '-c shared_buffers=32MB',
    ].join(' ');
  const ctl = (data, ...args) => run('pg_ctl', ['-D', data, ...args]);
  const started = [];
  const stop = () => {
    for (const data of started.reverse())
      try {
        ctl(data, 'stop', '-m', 'immediate', '-w');
      } catch {
        // already stopped
      }
    started.length = 0;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const t0 = Date.now();
    run('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1 and ::1.
    fs.appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      '\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\n',
    );
    ctl(
      primaryDir,
      'start',
      '-w',
      '-l',
      path.join(dir, 'primary.log'),
      '-o',
      serverOptions(primaryPort),
    );
    started.push(primaryDir);
    const initMs = Date.now() - t0;
    return {
      bin,
      dir,
      initMs,
      primaryUrl: (db) => `postgres://postgres@127.0.0.1:${primaryPort}/${db}`,
      replicaUrl: (db) => `postgres://postgres@127.0.0.1:${replicaPort}/${db}`,
      /** pg_basebackup -R and start the replica; resolves with the ms it took. */
      startReplica: () => {
        const t = Date.now();
        run('pg_basebackup', [
          '-h',
          '127.0.0.1',
          '-p',
          String(primaryPort),
          '-U',
          'postgres',
          '-D',
          replicaDir,
          '-R',
          '-X',
          'stream',
          '-c',
          'fast',
        ]);
        ctl(
          replicaDir,
          'start',
          '-w',
          '-l',
          path.join(dir, 'replica.log'),
          '-o',
          serverOptions(replicaPort),
        );
        started.push(replicaDir);
        return Date.now() - t;
      },
      /** Stops the replica only (fast shutdown). */
      stopReplica: () => {
        ctl(replicaDir, 'stop', '-m', 'fast', '-w');
        started.splice(started.indexOf(replicaDir), 1);
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

module.exports = { startPair };
