import { createHash, createPrivateKey, sign as rsaSign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

// The CAdES-BES signature of an e-invoice (FACTS §3.5): a detached CMS SignedData, eContentType
// id-digestedData, SHA-256, signed attributes contentType / messageDigest (SHA-256 of the UTF-8
// canonical string, hashed once) / signingTime / signingCertificateV2, the certificate included,
// RSA PKCS#1 v1.5 over the DER of the signed attributes. Two signers behind one interface: a
// PKCS#12 file (software) and an HTTP signing agent holding a USB token (FACTS §3.6, §8: the server
// builds the signed attributes, the agent only signs their DER with its key).

/** Signs a document's canonical string; returns the Base64 DER of the CMS. */
export interface Signer {
  sign(canonical: string): Promise<string>;
}

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  digestedData: '1.2.840.113549.1.7.5',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

const A = forge.asn1;
const U = A.Class.UNIVERSAL;
const oid = (o: string) => A.create(U, A.Type.OID, false, A.oidToDer(o).getBytes());
const seq = (...v: forge.asn1.Asn1[]) => A.create(U, A.Type.SEQUENCE, true, v);
const set = (...v: forge.asn1.Asn1[]) => A.create(U, A.Type.SET, true, v);
const int = (n: number) => A.create(U, A.Type.INTEGER, false, A.integerToDer(n).getBytes());
const octets = (bin: string) => A.create(U, A.Type.OCTETSTRING, false, bin);
const nul = () => A.create(U, A.Type.NULL, false, '');
const der = (x: forge.asn1.Asn1) => A.toDer(x).getBytes();
const bin = (b: Buffer) => b.toString('binary');
const sha256Bin = (data: Buffer | string) =>
  createHash('sha256')
    .update(typeof data === 'string' ? Buffer.from(data, 'binary') : data)
    .digest()
    .toString('binary');
const algo = (o: string, withNull = false) => (withNull ? seq(oid(o), nul()) : seq(oid(o)));

/** issuer and serial number of a DER certificate (IssuerAndSerialNumber). */
function issuerAndSerial(cert: forge.asn1.Asn1): forge.asn1.Asn1 {
  const tbs = (cert.value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  const hasVersion = tbs[0].tagClass === A.Class.CONTEXT_SPECIFIC;
  const serial = tbs[hasVersion ? 1 : 0];
  const issuer = tbs[hasVersion ? 3 : 2];
  return seq(issuer, serial);
}

/** The signed attributes as DER SET OF (sorted by their encodings, as DER requires). */
export function signedAttributes(canonical: string, certDer: Buffer, signingTime: Date) {
  const attr = (o: string, value: forge.asn1.Asn1) => seq(oid(o), set(value));
  const attrs = [
    attr(OID.contentType, oid(OID.digestedData)),
    attr(OID.messageDigest, octets(sha256Bin(Buffer.from(canonical, 'utf8')))),
    attr(OID.signingTime, A.create(U, A.Type.UTCTIME, false, A.dateToUtcTime(signingTime))),
    attr(OID.signingCertificateV2, seq(seq(seq(algo(OID.sha256), octets(sha256Bin(certDer)))))),
  ].sort((a, b) => Buffer.compare(Buffer.from(der(a), 'binary'), Buffer.from(der(b), 'binary')));
  return { attrs, setDer: Buffer.from(der(set(...attrs)), 'binary') };
}

/**
 * Builds the CAdES-BES CMS: `signRaw` signs the DER of the signed attributes (SHA-256 + RSA
 * PKCS#1 v1.5) with the key of `certDer`.
 */
export async function buildCadesBes(p: {
  canonical: string;
  certDer: Buffer;
  signingTime: Date;
  signRaw: (signedAttrsDer: Buffer) => Promise<Buffer>;
}): Promise<string> {
  const cert = A.fromDer(bin(p.certDer));
  const { attrs, setDer } = signedAttributes(p.canonical, p.certDer, p.signingTime);
  const signature = await p.signRaw(setDer);
  const signerInfo = seq(
    int(1),
    issuerAndSerial(cert),
    algo(OID.sha256),
    A.create(A.Class.CONTEXT_SPECIFIC, 0, true, attrs),
    algo(OID.sha256WithRsa, true),
    octets(bin(signature)),
  );
  const signedData = seq(
    int(3),
    set(algo(OID.sha256)),
    seq(oid(OID.digestedData)),
    A.create(A.Class.CONTEXT_SPECIFIC, 0, true, [cert]),
    set(signerInfo),
  );
  const contentInfo = seq(
    oid(OID.signedData),
    A.create(A.Class.CONTEXT_SPECIFIC, 0, true, [signedData]),
  );
  return Buffer.from(der(contentInfo), 'binary').toString('base64');
}

export class SignerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignerError';
  }
}

/** Software signing with a PKCS#12 file (key + certificate) and its password. */
export class Pkcs12Signer implements Signer {
  private readonly key: KeyObject;
  readonly certDer: Buffer;
  /** the certificate's subject (RFC 4514-like, most specific last) and its expiry */
  readonly subject: string;
  readonly notAfter: Date;

  constructor(
    p12: Buffer,
    password: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    let parsed: forge.pkcs12.Pkcs12Pfx;
    try {
      parsed = forge.pkcs12.pkcs12FromAsn1(A.fromDer(bin(p12)), password);
    } catch {
      throw new SignerError('the PKCS#12 file cannot be opened with this password');
    }
    const keyBag =
      parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
        forge.pki.oids.pkcs8ShroudedKeyBag
      ]?.[0] ?? parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
    const certBag = parsed.getBags({ bagType: forge.pki.oids.certBag })[
      forge.pki.oids.certBag
    ]?.[0];
    if (!keyBag?.key || !certBag?.cert) throw new SignerError('no key or certificate in the file');
    this.key = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
    this.certDer = Buffer.from(der(forge.pki.certificateToAsn1(certBag.cert)), 'binary');
    this.subject = certBag.cert.subject.attributes
      .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
      .join(', ');
    this.notAfter = certBag.cert.validity.notAfter;
  }

  sign(canonical: string): Promise<string> {
    return buildCadesBes({
      canonical,
      certDer: this.certDer,
      signingTime: this.now(),
      signRaw: (data) => Promise.resolve(rsaSign('sha256', data, this.key)),
    });
  }
}

/**
 * A local signing agent (USB token): GET {url}/certificate → {certificate: base64 DER};
 * POST {url}/sign {data: base64 DER of the signed attributes} → {signature: base64}
 * (CKM_SHA256_RSA_PKCS). An optional shared secret goes in the X-Agent-Secret header.
 */
export class AgentSigner implements Signer {
  private cert: Buffer | null = null;

  constructor(
    private readonly url: string,
    private readonly secret: string | null = null,
    private readonly options: { timeoutMs?: number; now?: () => Date; fetch?: typeof fetch } = {},
  ) {}

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.secret) headers['X-Agent-Secret'] = this.secret;
    let res: Response;
    try {
      res = await (this.options.fetch ?? fetch)(`${this.url.replace(/\/$/, '')}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (e) {
      throw new SignerError(`signing agent unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) throw new SignerError(`signing agent answered ${res.status}`);
    return (await res.json()) as T;
  }

  async sign(canonical: string): Promise<string> {
    if (!this.cert) {
      const { certificate } = await this.call<{ certificate?: string }>('/certificate', {
        method: 'GET',
      });
      if (!certificate) throw new SignerError('signing agent sent no certificate');
      this.cert = Buffer.from(certificate, 'base64');
    }
    return buildCadesBes({
      canonical,
      certDer: this.cert,
      signingTime: (this.options.now ?? (() => new Date()))(),
      signRaw: async (data) => {
        const { signature } = await this.call<{ signature?: string }>('/sign', {
          method: 'POST',
          body: JSON.stringify({ data: data.toString('base64') }),
        });
        if (!signature) throw new SignerError('signing agent sent no signature');
        return Buffer.from(signature, 'base64');
      },
    });
  }
}

/**
 * The messageDigest signed attribute of a CAdES-BES CMS (Base64 DER), or null when the text is not
 * such a CMS. The simulator compares it with the SHA-256 of the canonical document, as ETA does.
 */
export function cmsMessageDigest(b64: string): Buffer | null {
  try {
    const kids = (n: forge.asn1.Asn1) => n.value as forge.asn1.Asn1[];
    const ci = A.fromDer(Buffer.from(b64, 'base64').toString('binary'));
    if (A.derToOid(kids(ci)[0].value as string) !== OID.signedData) return null;
    const sd = kids(kids(ci)[1])[0];
    const signerInfo = kids(kids(sd)[kids(sd).length - 1])[0];
    const attrs = kids(signerInfo).find(
      (n) => n.tagClass === A.Class.CONTEXT_SPECIFIC && n.type === 0,
    );
    for (const a of attrs ? kids(attrs) : []) {
      if (A.derToOid(kids(a)[0].value as string) === OID.messageDigest)
        return Buffer.from(kids(kids(a)[1])[0].value as string, 'binary');
    }
    return null;
  } catch {
    return null;
  }
}
