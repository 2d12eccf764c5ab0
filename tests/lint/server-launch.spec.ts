import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Decision 0139: the server runs with V8's memory reducer off, which only the node command line can
// say (not NODE_OPTIONS, not the running process). Every way of starting it as deployed says it.
const root = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const FLAG = '--no-memory-reducer';

describe('every launch of the server gives node --no-memory-reducer', () => {
  it('the npm scripts that start it: start, start:prod, demo', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const launches = Object.entries(scripts)
      .filter(([, cmd]) => /dist\/server\/src\/(main|cli\/demo)\.js/.test(cmd))
      .map(([name, cmd]) => [name, /node (--[\w-]+ )*dist\/server/.exec(cmd)?.[0] ?? cmd]);
    expect(launches.map(([name]) => name).sort()).toEqual(['demo', 'start', 'start:prod']);
    for (const [name, cmd] of launches) expect(`${name}: ${cmd}`).toContain(`node ${FLAG} `);
  });

  it("the image's CMD", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1])).toEqual(['node', FLAG, 'dist/server/src/main.js']);
  });

  it('the servers the benches and the reliability tests start as deployed', () => {
    expect(read('tests/bench/lib.js')).toContain(`const SERVER_NODE_FLAGS = ['${FLAG}'];`);
    expect(read('tests/reliability/support.ts')).toContain(`'${FLAG}', path.join(ROOT, 'dist`);
  });

  it('this node takes the option (V8 still has the flag)', () => {
    const out = execFileSync(process.execPath, [FLAG, '-p', '1'], { encoding: 'utf8' });
    expect(out.trim()).toBe('1');
  });
});
