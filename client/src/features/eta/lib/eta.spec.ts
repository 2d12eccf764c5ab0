import type { TFunction } from 'i18next';
import { ageParts, etaErrorText, etaLastErrorText, prettyJson, shortUuid } from './eta';

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

  it('shows a known ETA code in the UI language, any other as a localised line naming it', () => {
    const t = ((key: string, o?: { code?: string; status?: string }) =>
      `T:${key}${o?.code ? `:${o.code}` : ''}${o?.status ? `:${o.status}` : ''}`) as unknown as TFunction;
    expect(etaErrorText({ code: 'RV003', message: 'previousUUID breaks the chain' }, t)).toBe(
      'T:etaErrors.RV003',
    );
    // the codes FACTS.md lists: the signature, the signer, a return's buyer
    for (const code of ['4043', 'ISFX305', 'RR308', 'DV004'])
      expect(etaErrorText({ code, message: 'raw' }, t)).toBe(`T:etaErrors.${code}`);
    // unknown: a localised line with the code (the page shows ETA's text under it)
    expect(etaErrorText({ code: 'X42', message: 'Something ETA said' }, t)).toBe(
      'T:etaErrors.unknown:X42',
    );
  });

  it("the worker's last error in the UI language; a missing signer is its own kind", () => {
    const t = ((key: string, o?: { status?: string }) =>
      `T:${key}${o?.status ? `:${o.status}` : ''}`) as unknown as TFunction;
    expect(etaLastErrorText('no e-invoice signer configured', t)).toEqual({
      text: 'T:lastErrors.signer',
      kind: 'signer',
    });
    expect(etaLastErrorText('network: fetch failed', t).kind).toBe('network');
    expect(etaLastErrorText('ETA answered 503', t)).toEqual({
      text: 'T:lastErrors.busy:503',
      kind: 'busy',
    });
    expect(etaLastErrorText('ETA refused the ERP credentials (401)', t).kind).toBe('credentials');
    expect(etaLastErrorText('signing: agent unreachable', t).kind).toBe('signing');
    expect(etaLastErrorText('something else', t).kind).toBe('other');
  });

  it('shortens a UUID and splits an age', () => {
    expect(shortUuid('a'.repeat(64))).toBe('aaaaaaaa…');
    expect(shortUuid('')).toBe('');
    expect(ageParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });
});
