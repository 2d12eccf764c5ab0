import { execFileSync } from 'node:child_process';
import { createHash, sign as rsaSign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { AgentSigner, OID, Pkcs12Signer, SignerError } from './signer';

const A = forge.asn1;

/** A throw-away RSA key and a self-signed certificate, also as a PKCS#12 file. */
function makeIdentity(password: string) {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000 * 365);
  const name = [
    { name: 'commonName', value: 'Test e-Seal' },
    { name: 'countryName', value: 'EG' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, cert, password, { algorithm: '3des' });
  return {
    p12: Buffer.from(A.toDer(p12).getBytes(), 'binary'),
    certDer: Buffer.from(A.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
    certPem: forge.pki.certificateToPem(cert),
  };
}

const canonical = '"ISSUER""ADDRESS""BRANCHID""0""NAME""متجر النور""TOTALAMOUNT""1227.04949"';
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest();

type Node = forge.asn1.Asn1;
const kids = (n: Node) => n.value as Node[];
const oidOf = (n: Node) => A.derToOid(n.value as string);
const raw = (n: Node) => Buffer.from(n.value as string, 'binary');

/** Checks the CMS as a verifier would: structure, attributes, and the RSA signature. */
function verifyCms(b64: string, text: string, certDer: Buffer) {
  const ci = A.fromDer(Buffer.from(b64, 'base64').toString('binary'));
  expect(oidOf(kids(ci)[0])).toBe(OID.signedData);
  const sd = kids(kids(ci)[1])[0];
  const [version, digestAlgs, encap, certs, signerInfos] = kids(sd);
  expect(A.derToInteger(version.value as string)).toBe(3);
  expect(oidOf(kids(kids(digestAlgs)[0])[0])).toBe(OID.sha256);
  // detached: the content type only, no eContent
  expect(kids(encap)).toHaveLength(1);
  expect(oidOf(kids(encap)[0])).toBe(OID.digestedData);
  expect(Buffer.from(A.toDer(kids(certs)[0]).getBytes(), 'binary').equals(certDer)).toBe(true);
  const si = kids(kids(signerInfos)[0]);
  const signedAttrs = si[3];
  const attrs = new Map(kids(signedAttrs).map((a) => [oidOf(kids(a)[0]), kids(kids(a)[1])[0]]));
  expect(oidOf(attrs.get(OID.contentType)!)).toBe(OID.digestedData);
  // the digest of the canonical string's UTF-8 bytes, hashed once
  expect(raw(attrs.get(OID.messageDigest)!).equals(sha(Buffer.from(text, 'utf8')))).toBe(true);
  expect(attrs.get(OID.signingTime)).toBeDefined();
  const essCertIdV2 = kids(kids(attrs.get(OID.signingCertificateV2)!)[0])[0];
  expect(oidOf(kids(kids(essCertIdV2)[0])[0])).toBe(OID.sha256);
  expect(raw(kids(essCertIdV2)[1]).equals(sha(certDer))).toBe(true);
  expect(oidOf(kids(si[4])[0])).toBe(OID.sha256WithRsa);
  // the signature covers the attributes re-tagged as a SET OF
  const attrsDer = Buffer.from(A.toDer(signedAttrs).getBytes(), 'binary');
  attrsDer[0] = 0x31;
  return { attrsDer, signature: raw(si[5]) };
}

function opensslVerifies(b64: string, text: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'cades-'));
  writeFileSync(join(dir, 'sig.der'), Buffer.from(b64, 'base64'));
  writeFileSync(join(dir, 'content.txt'), text, 'utf8');
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-noverify',
        '-inform',
        'DER',
        '-in',
        join(dir, 'sig.der'),
        '-content',
        join(dir, 'content.txt'),
        '-out',
        join(dir, 'out.txt'),
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

describe('CAdES-BES signers', () => {
  const id = makeIdentity('s3cret');

  it('the PKCS#12 signer produces a detached CAdES-BES CMS that verifies', async () => {
    const signer = new Pkcs12Signer(id.p12, 's3cret', () => new Date('2026-11-27T10:00:00Z'));
    const b64 = await signer.sign(canonical);
    const { attrsDer, signature } = verifyCms(b64, canonical, id.certDer);
    expect(verify('sha256', attrsDer, id.certPem, signature)).toBe(true);
    // a different canonical string does not match the signed digest
    expect(() => verifyCms(b64, `${canonical} `, id.certDer)).toThrow();
    if (hasOpenssl) {
      expect(opensslVerifies(b64, canonical)).toBe(true);
      expect(opensslVerifies(b64, canonical.replace('1227.04949', '1227.0495'))).toBe(false);
    }
  });

  it('refuses a wrong password', () => {
    expect(() => new Pkcs12Signer(id.p12, 'wrong')).toThrow(SignerError);
  });

  describe('the signing-agent adapter', () => {
    let server: Server;
    let url: string;
    const seen: { path: string; secret: string | undefined }[] = [];

    beforeAll(async () => {
      // a tiny agent: the key stays here, it signs what the server sends
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen.push({ path: req.url ?? '', secret: req.headers['x-agent-secret'] as string });
          if (req.headers['x-agent-secret'] !== 'agent-key') {
            res.writeHead(401).end();
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/json' });
          if (req.method === 'GET' && req.url === '/certificate')
            return res.end(JSON.stringify({ certificate: id.certDer.toString('base64') }));
          const { data } = JSON.parse(Buffer.concat(chunks).toString()) as { data: string };
          const signature = rsaSign('sha256', Buffer.from(data, 'base64'), id.keyPem);
          res.end(JSON.stringify({ signature: signature.toString('base64') }));
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('assembles the CMS around the agent signature', async () => {
      const signer = new AgentSigner(url, 'agent-key');
      const b64 = await signer.sign(canonical);
      const { attrsDer, signature } = verifyCms(b64, canonical, id.certDer);
      expect(verify('sha256', attrsDer, id.certPem, signature)).toBe(true);
      expect(seen.map((s) => s.path)).toEqual(['/certificate', '/sign']);
      if (hasOpenssl) expect(opensslVerifies(b64, canonical)).toBe(true);
      // the certificate is fetched once
      await signer.sign('"A""1"');
      expect(seen.map((s) => s.path)).toEqual(['/certificate', '/sign', '/sign']);
    });

    it('reports a refused or unreachable agent', async () => {
      await expect(new AgentSigner(url, 'bad').sign(canonical)).rejects.toThrow(SignerError);
      await expect(new AgentSigner('http://127.0.0.1:1').sign(canonical)).rejects.toThrow(
        'unreachable',
      );
    });
  });
});
