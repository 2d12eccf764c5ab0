import type { BranchResponseDto, TaxType } from '@pos/contracts';

// The branch form's model, kept apart from the dialog so its rules are testable: every spec §3
// field, empty text sent as null, and the ETA secrets write-only.
export const BRANCH_TEXT_FIELDS = [
  'name',
  'location',
  'phoneNumber',
  'secondPhoneNumber',
  'recepitInfo',
  'taxBranchNumber',
  'taxNumber',
  'activityCode',
  'invoiceClientId',
  'receiptClientId',
  'receiptPosSerial',
  'receiptsOsVersion',
] as const;
export type BranchTextField = (typeof BRANCH_TEXT_FIELDS)[number];
export const BRANCH_SECRET_FIELDS = ['invoiceClientSecret', 'receiptClientSecret'] as const;
export type BranchSecretField = (typeof BRANCH_SECRET_FIELDS)[number];

export type BranchForm = Record<BranchTextField, string> &
  Record<BranchSecretField, string> & {
    taxType: TaxType | '';
    logo: string | null;
    receiptFooterImage: string | null;
  };

/** The form's starting values: the branch's, or empty for a new one (secrets always empty). */
export function initialBranchForm(branch: BranchResponseDto | null): BranchForm {
  const state = {} as BranchForm;
  for (const field of BRANCH_TEXT_FIELDS)
    state[field] = (branch?.[field] as string | null | undefined) ?? '';
  state.invoiceClientSecret = '';
  state.receiptClientSecret = '';
  state.taxType = branch?.taxType ?? '';
  state.logo = branch?.logo ?? null;
  state.receiptFooterImage = branch?.receiptFooterImage ?? null;
  return state;
}

/** Empty text becomes null (spec §3: every field but name is optional, nullable text). */
export function toBranchPayload(state: BranchForm, editing: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of BRANCH_TEXT_FIELDS) {
    const value = state[field].trim();
    payload[field] = field === 'name' ? value : value === '' ? null : value;
  }
  payload.taxType = state.taxType === '' ? null : state.taxType;
  payload.logo = state.logo;
  payload.receiptFooterImage = state.receiptFooterImage;
  // Secrets are write-only: sent only when typed; an empty field keeps the stored one.
  for (const field of BRANCH_SECRET_FIELDS) {
    if (state[field] !== '') payload[field] = state[field];
    else if (!editing) payload[field] = null;
  }
  return payload;
}
