// Support tools for ETA e-receipts (issue 17):
//   npm run eta -- canonical <document.json>   prints the canonical string ETA hashes/signs
//   npm run eta -- uuid <receipt.json>         prints the receipt UUID (SHA-256, uuid emptied)
//   npm run eta -- check <receipt.json>        lists the receipt equations that fail
// The file is read as the exact JSON text that was (or will be) sent, never re-formatted.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkEtaReceiptEquations, etaCanonicalize, etaReceiptUuid } from '@pos/contracts';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const USAGE = 'usage: npm run eta -- canonical|uuid|check <file.json>';

export function runEtaCli(
  args: string[],
  read: (f: string) => string,
): { out: string; code: number } {
  const [cmd, file] = args;
  if (!cmd || !file) return { out: USAGE, code: 2 };
  const text = read(file);
  switch (cmd) {
    case 'canonical':
      return { out: etaCanonicalize(text), code: 0 };
    case 'uuid':
      return { out: etaReceiptUuid(text, sha256Hex), code: 0 };
    case 'check': {
      const bad = checkEtaReceiptEquations(text);
      return bad.length ? { out: bad.join('\n'), code: 1 } : { out: 'ok', code: 0 };
    }
    default:
      return { out: USAGE, code: 2 };
  }
}

if (require.main === module) {
  try {
    const { out, code } = runEtaCli(process.argv.slice(2), (f) => readFileSync(f, 'utf8'));
    (code === 0 ? process.stdout : process.stderr).write(out + '\n');
    process.exit(code);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
