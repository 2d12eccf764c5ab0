import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-invoice seal is uploaded from /E-invoices/CompanyInfo (issue 30 item 22): the PKCS#12 file
 * itself is stored, encrypted with MASTER_KEY like the other ETA secrets, instead of a path on the
 * server; its certificate's subject and expiry are kept to show (read when the file is saved).
 */
export class EtaSignerFile1796131730000 implements MigrationInterface {
  name = 'EtaSignerFile1796131730000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE eta_company ADD COLUMN IF NOT EXISTS signer_p12_file text,
      ADD COLUMN IF NOT EXISTS signer_cert_subject text,
      ADD COLUMN IF NOT EXISTS signer_cert_not_after timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE eta_company DROP COLUMN IF EXISTS signer_p12_file,
      DROP COLUMN IF EXISTS signer_cert_subject, DROP COLUMN IF EXISTS signer_cert_not_after`);
  }
}
