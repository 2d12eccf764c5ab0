import type { TFunction } from 'i18next';
import { ageParts, etaErrorText, prettyJson, shortUuid } from './eta';

describe('e-receipt helpers', () => {
  it('indents the JSON sent without touching its numbers or strings', () => {
    const sent = '{"a":{"b":[1.50000,"x, {y}: \\"z\\""],"c":[],"d":{}},"e":10.10}';
    const pretty = prettyJson(sent);
    expect(pretty).toBe(
      [
        '{',
        '  "a": {',
        '    "b": [',
        '      1.50000,',
        '      "x, {y}: \\"z\\""',
        '    ],',
        '    "c": [],',
        '    "d": {}',
        '  },',
        '  "e": 10.10',
        '}',
      ].join('\n'),
    );
    // the same document: only whitespace outside strings was added
    expect(JSON.parse(pretty)).toEqual(JSON.parse(sent));
  });

  it("shows a known ETA code in the UI language, any other with ETA's own text", () => {
    const t = ((key: string) => `T:${key}`) as unknown as TFunction;
    expect(etaErrorText({ code: 'RV003', message: 'previousUUID breaks the chain' }, t)).toBe(
      'T:etaErrors.RV003',
    );
    expect(etaErrorText({ code: 'X42', message: 'Something ETA said' }, t)).toBe(
      'Something ETA said',
    );
  });

  it('shortens a UUID and splits an age', () => {
    expect(shortUuid('a'.repeat(64))).toBe('aaaaaaaa…');
    expect(shortUuid('')).toBe('');
    expect(ageParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });
});
