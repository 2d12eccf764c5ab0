import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEtaCli } from './eta';

const fixtures = join(__dirname, '../../../tests/fixtures/eta');
const read = (f: string) => readFileSync(join(fixtures, f), 'utf8');

describe('npm run eta', () => {
  it('canonical prints the canonical string of the file as sent', () => {
    const r = runEtaCli(['canonical', 'eta-example-0.9.json'], read);
    expect(r).toEqual({ out: read('eta-example-0.9.canonical.txt'), code: 0 });
  });
  it('uuid prints the receipt UUID; check lists failing equations', () => {
    const receipt =
      '{"header":{"uuid":"x","previousUUID":""},"itemData":[{"quantity":2.00000,"total":11.40000}],"totalAmount":11.40000}';
    expect(runEtaCli(['uuid', 'r.json'], () => receipt)).toEqual({
      out: 'ba585e3ec03e19ccb2350be48304d3c101024fbefa62450483698f6cc4da31c8',
      code: 0,
    });
    expect(runEtaCli(['check', 'r.json'], () => receipt).code).toBe(1);
    expect(runEtaCli([], () => receipt).code).toBe(2);
  });
});
