import fs from 'node:fs';
import path from 'node:path';

// One module layout (issue 31, docs/adding-a-module.md §1): where each kind of file of a server
// module lives. Each case lists the files out of place, so a failure names them.
const modulesDir = path.join(__dirname, '..', '..', 'server', 'src', 'modules');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [path.relative(modulesDir, full)];
  });
}

const files = filesUnder(modulesDir).map((f) => f.split(path.sep).join('/'));
const misplaced = (name: RegExp, home: RegExp) =>
  files.filter((f) => name.test(f) && !home.test(f));

describe('server module layout', () => {
  it('puts a command and its handler in commands/<verb-noun>/<verb-noun>.{command,handler}.ts', () => {
    const named = files.filter((f) => /\.(command|handler)\.ts$/.test(f) && /\/commands\//.test(f));
    expect(
      named.filter((f) => !/^[^/]+\/commands\/([^/]+)\/\1\.(command|handler)\.ts$/.test(f)),
    ).toEqual([]);
  });

  it('puts every handler in commands/<verb-noun>/, queries/<verb-noun>/ or events/', () => {
    expect(
      misplaced(
        /\.handler\.ts$/,
        /^[^/]+\/((commands|queries)\/[^/]+|events)\/[^/]+\.handler\.ts$/,
      ),
    ).toEqual([]);
  });

  it('puts the postings in the events/ of the module that raises them, never in accounting', () => {
    expect(misplaced(/\.post-journal\.handler\.ts$/, /^[^/]+\/events\//)).toEqual([]);
    expect(files.filter((f) => /^accounting\/events\//.test(f))).toEqual([]);
  });

  it('puts controllers in controllers/, entities in entities/ and reads in queries/', () => {
    expect(misplaced(/\.controller\.ts$/, /^[^/]+\/controllers\/[^/]+$/)).toEqual([]);
    expect(misplaced(/\.entit(y|ies)\.ts$/, /^[^/]+\/entities\/[^/]+$/)).toEqual([]);
    expect(misplaced(/[.-]queries\.ts$/, /^[^/]+\/queries\/[^/]+\.queries\.ts$/)).toEqual([]);
  });

  it('keeps no service at a module root (reads in queries/, shared writes in services/)', () => {
    expect(files.filter((f) => /^[^/]+\/[^/]+\.service\.ts$/.test(f))).toEqual([]);
  });

  it('keeps demo data and the ETA simulator out of modules/', () => {
    expect(files.filter((f) => /(^|\/|-)demo[-.]|\/sim\//.test(f))).toEqual([]);
  });
});
