import { readFileSync } from 'node:fs';
import { AgentSigner, Pkcs12Signer, SignerError, type Signer } from './signer';

/** The signer columns of eta_company (secrets encrypted with MASTER_KEY). */
export type SignerRow = {
  signer_kind: 'p12' | 'agent' | null;
  signer_p12_path: string | null;
  /** the uploaded PKCS#12 file, Base64, encrypted */
  signer_p12_file?: string | null;
  signer_p12_password: string | null;
  signer_agent_url: string | null;
  signer_agent_secret: string | null;
};

/** The company's signer, or null when none is configured. Throws SignerError on a bad file. */
export function signerFromCompany(row: SignerRow, decrypt: (s: string) => string): Signer | null {
  if (row.signer_kind === 'p12' && row.signer_p12_file) {
    const file = Buffer.from(decrypt(row.signer_p12_file), 'base64');
    return new Pkcs12Signer(file, row.signer_p12_password ? decrypt(row.signer_p12_password) : '');
  }
  if (row.signer_kind === 'p12' && row.signer_p12_path) {
    let file: Buffer;
    try {
      file = readFileSync(row.signer_p12_path);
    } catch {
      throw new SignerError('the PKCS#12 file cannot be read');
    }
    return new Pkcs12Signer(file, row.signer_p12_password ? decrypt(row.signer_p12_password) : '');
  }
  if (row.signer_kind === 'agent' && row.signer_agent_url)
    return new AgentSigner(
      row.signer_agent_url,
      row.signer_agent_secret ? decrypt(row.signer_agent_secret) : null,
    );
  return null;
}
