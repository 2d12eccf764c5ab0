#!/usr/bin/env node
// `npm start`'s build step (issue 36): runs `npm run build` only when the sources changed since the
// last successful build. The stamp is a SHA-256 over the path and content of every input file (the
// sources of the three workspaces, their build configs, the migrations and package-lock.json), so an
// edited, added, removed or renamed file changes it; a checkout that only touches mtimes does not.
// The stamp is written after a build succeeds, never before: a failed build runs again next time.
// `--check` prints whether a build is needed and exits 0 (no) or 1 (yes) without building.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const STAMP = path.join(ROOT, 'dist', '.build-stamp');

/** Directories walked whole, and single files, relative to the root. */
const INPUT_DIRS = [
  'libs/contracts/src',
  'server/src',
  'migrations',
  'client/src',
  'client/public',
  'client/scripts',
];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'nest-cli.json',
  'libs/contracts/package.json',
  'libs/contracts/tsconfig.build.json',
  'server/package.json',
  'server/tsconfig.build.json',
  'client/package.json',
  'client/tsconfig.json',
  'client/vite.config.ts',
  'client/index.html',
];
/** What a build leaves: a stamp whose outputs are gone does not count. */
const OUTPUTS = ['dist/server/src/main.js', 'libs/contracts/dist', 'client/dist/index.html'];

function walk(dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (e.isFile()) out.push(full);
  }
}

/** The fingerprint of the build's inputs (sorted paths, each with its content's hash). */
function fingerprint() {
  const files = [];
  for (const d of INPUT_DIRS) walk(path.join(ROOT, d), files);
  for (const f of INPUT_FILES) {
    const full = path.join(ROOT, f);
    if (fs.existsSync(full)) files.push(full);
  }
  files.sort();
  const hash = crypto.createHash('sha256');
  for (const f of files) {
    hash.update(path.relative(ROOT, f));
    hash.update('\0');
    hash.update(crypto.createHash('sha256').update(fs.readFileSync(f)).digest());
  }
  return `${hash.digest('hex')} ${files.length}`;
}

function buildNeeded(current) {
  if (!OUTPUTS.every((o) => fs.existsSync(path.join(ROOT, o)))) return 'no build output';
  let stamp;
  try {
    stamp = fs.readFileSync(STAMP, 'utf8').trim();
  } catch {
    return 'no stamp of a previous build';
  }
  return stamp === current ? null : 'the sources changed since the last build';
}

function main() {
  const started = Date.now();
  const before = fingerprint();
  const reason = buildNeeded(before);
  const took = Date.now() - started;
  if (process.argv.includes('--check')) {
    process.stdout.write(`${reason ? `build needed: ${reason}` : 'up to date'} (${took} ms)\n`);
    process.exit(reason ? 1 : 0);
  }
  if (!reason || process.env.SKIP_BUILD === '1') {
    process.stdout.write(`Build up to date (sources checked in ${took} ms)\n`);
    return;
  }
  process.stdout.write(`Building: ${reason}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The inputs as they were when the build started: a file edited during the build rebuilds next time.
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, `${before}\n`);
}

main();
