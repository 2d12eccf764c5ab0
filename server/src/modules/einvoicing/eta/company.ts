import type { EtaEnvironment } from '@pos/contracts';

/** The taxpayer's row (`eta_company`, id 1) as the documents' builders read it. */
export type EtaCompanyRow = {
  rin: string;
  name: string;
  activity_code: string;
  country: string;
  governate: string;
  region_city: string;
  street: string;
  building_number: string;
  postal_code: string | null;
  /** the ETA environment the company submits to (its portal is in the receipts' QR) */
  environment?: EtaEnvironment;
};

/** The issuer's address on an ETA receipt or document (the same keys, in the same order). */
export const companyAddress = (c: EtaCompanyRow) => ({
  country: c.country,
  governate: c.governate,
  regionCity: c.region_city,
  street: c.street,
  buildingNumber: c.building_number,
  postalCode: c.postal_code ?? '',
});
