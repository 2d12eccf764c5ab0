import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EtaCanonicalError, etaCanonicalize, etaSafeText } from './canonical';

const fixtures = join(__dirname, '../../../../tests/fixtures/eta');

describe('ETA canonical serialization', () => {
  it("reproduces ETA's published example byte for byte (5,752 characters)", () => {
    // ETA's SDK example document (v0.9) and its canonical string, as carried by the unit test of
    // mostafaism1/eta-einvoice-signer (see tests/fixtures/eta/README.md)
    const input = readFileSync(join(fixtures, 'eta-example-0.9.json'), 'utf8');
    const expected = readFileSync(join(fixtures, 'eta-example-0.9.canonical.txt'), 'utf8');
    const actual = etaCanonicalize(input);
    expect(actual.length).toBe(5752);
    expect(actual).toBe(expected);
  });

  it('keeps number lexemes, empty strings and empty arrays; upper-cases names', () => {
    expect(etaCanonicalize('{"a":10.50,"b":"","c":[],"d":{"e":0.0},"f":["x","y"],"g":1e3}')).toBe(
      '"A""10.50""B""""C""D""E""0.0""F""F""x""F""y""G""1e3"',
    );
  });

  it('decodes string escapes to their UTF-8 value (Arabic sent as \\u escapes hashes as raw)', () => {
    expect(etaCanonicalize('{"n":"\\u0645\\u062d\\u0644"}')).toBe(etaCanonicalize('{"n":"محل"}'));
  });

  it('refuses null, nested arrays, trailing text and broken JSON', () => {
    expect(() => etaCanonicalize('{"a":null}')).toThrow(EtaCanonicalError);
    expect(() => etaCanonicalize('{"a":[[1]]}')).toThrow(EtaCanonicalError);
    expect(() => etaCanonicalize('{"a":1} x')).toThrow(EtaCanonicalError);
    expect(() => etaCanonicalize('{"a":1,}')).toThrow(EtaCanonicalError);
    expect(() => etaCanonicalize('[1]')).toThrow(EtaCanonicalError);
  });

  it('strips quotes, backslashes and control characters from free text', () => {
    expect(etaSafeText(' a "b"\\c\n\u2028d ')).toBe('a b c d');
  });
});
