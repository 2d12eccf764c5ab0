// The receipt-data rule of spec §3.
export type ReceiptBranch = {
  name: string;
  location?: string | null;
  phoneNumber?: string | null;
  secondPhoneNumber?: string | null;
  recepitInfo?: string | null;
  receiptFooterImage?: string | null;
  logo?: string | null;
  /** The seller's tax registration number (ETA), printed on tax invoices. */
  taxNumber?: string | null;
};

export type ReceiptStoreInfo = {
  phoneNumber?: string | null;
  secondPhoneNumber?: string | null;
  address?: string | null;
  recepitInfo?: string | null;
  receiptFooterImage?: string | null;
  maintenanceReceiptInfo?: string | null;
};

export type ReceiptData = {
  name: string;
  phoneNumber: string | null;
  secondPhoneNumber: string | null;
  address: string | null;
  recepitInfo: string | null;
  receiptFooterImage: string | null;
  logo: string | null;
  maintenanceReceiptInfo: string | null;
  /** Tax registration number of the selling branch (issue 11 item 14), whatever the feature flag. */
  taxNumber: string | null;
};

const pick = (...values: (string | null | undefined)[]): string | null => {
  for (const value of values)
    if (value !== null && value !== undefined && value !== '') return value;
  return null;
};

/**
 * With feature print_from_branch_data on and a branch selected, each field comes from the branch
 * and falls back to store info (branch location is the address); otherwise store info with the
 * app's name. Maintenance receipt info always comes from store info. The tax registration number is
 * the branch's in both cases: a simplified tax invoice must carry the seller's number.
 */
export function getReceiptData(input: {
  features: Record<string, boolean>;
  branch: ReceiptBranch | null | undefined;
  storeInfo: ReceiptStoreInfo | null | undefined;
  appName: string;
}): ReceiptData {
  const store = input.storeInfo ?? {};
  const branch = input.features['print_from_branch_data'] ? input.branch : null;
  const taxNumber = pick(input.branch?.taxNumber);
  if (branch) {
    return {
      name: pick(branch.name, input.appName) as string,
      phoneNumber: pick(branch.phoneNumber, store.phoneNumber),
      secondPhoneNumber: pick(branch.secondPhoneNumber, store.secondPhoneNumber),
      address: pick(branch.location, store.address),
      recepitInfo: pick(branch.recepitInfo, store.recepitInfo),
      receiptFooterImage: pick(branch.receiptFooterImage, store.receiptFooterImage),
      logo: pick(branch.logo),
      maintenanceReceiptInfo: pick(store.maintenanceReceiptInfo),
      taxNumber,
    };
  }
  return {
    name: input.appName,
    phoneNumber: pick(store.phoneNumber),
    secondPhoneNumber: pick(store.secondPhoneNumber),
    address: pick(store.address),
    recepitInfo: pick(store.recepitInfo),
    receiptFooterImage: pick(store.receiptFooterImage),
    logo: null,
    maintenanceReceiptInfo: pick(store.maintenanceReceiptInfo),
    taxNumber,
  };
}
