import type { DataSource } from 'typeorm';
import type { DeviceEReceiptData, EtaEnvironment } from '@pos/contracts';
import { companyAddress, type EtaCompanyRow } from '../eta/company';
import { etaHosts } from '../eta/eta-client';

/**
 * What a till needs to build its own e-receipts offline (issue 32 item 6, the device catalog's
 * start): whether its branch issues them, the issuer as the server's receipts name it (company,
 * address, the branch's ETA number), the till's ETA POS serial (a till of the branch only) and
 * the portal its QR links to.
 */
export async function deviceEReceiptData(
  ds: DataSource,
  branchId: string,
  deviceId: string | null,
): Promise<DeviceEReceiptData> {
  const [[company], [branch], [device]] = await Promise.all([
    ds.query('SELECT * FROM eta_company WHERE id = 1') as Promise<
      (EtaCompanyRow & { environment: EtaEnvironment })[]
    >,
    ds.query(
      'SELECT e_receipts_enabled, receipt_pos_serial, tax_branch_number FROM branches WHERE id = $1',
      [branchId],
    ) as Promise<
      {
        e_receipts_enabled: boolean;
        receipt_pos_serial: string | null;
        tax_branch_number: string | null;
      }[]
    >,
    deviceId
      ? (ds.query('SELECT eta_pos_serial FROM pos_devices WHERE id = $1 AND branch_id = $2', [
          deviceId,
          branchId,
        ]) as Promise<{ eta_pos_serial: string | null }[]>)
      : Promise.resolve([]),
  ]);
  const enabled = Boolean(company && branch?.e_receipts_enabled && branch.receipt_pos_serial);
  return {
    enabled,
    serial: device?.eta_pos_serial ?? null,
    issuer: company
      ? {
          rin: company.rin,
          name: company.name,
          activityCode: company.activity_code,
          address: companyAddress(company),
          branchCode: branch?.tax_branch_number ?? '0',
        }
      : null,
    portal: etaHosts(company?.environment ?? 'preprod').portal,
  };
}
