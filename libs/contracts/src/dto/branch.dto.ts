import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { NameText } from './resource-dto';
import { defineResource } from '../resource';
import { ListQueryDto } from './list.dto';

export const TAX_TYPES = ['P', 'F', 'B'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

// Spec §3: every field but name is optional, nullable text (recepitInfo spelt so).
class BranchFields {
  @IsOptional() @IsString() @MaxLength(500) location?: string | null;
  @IsOptional() @IsString() @MaxLength(30) phoneNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(30) secondPhoneNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(2000) recepitInfo?: string | null;
  @IsOptional() @IsString() @MaxLength(500) logo?: string | null;
  @IsOptional() @IsString() @MaxLength(500) receiptFooterImage?: string | null;
  @IsOptional() @IsString() @MaxLength(50) taxBranchNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(50) taxNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(50) activityCode?: string | null;
  @IsOptional()
  @IsIn(TAX_TYPES, { message: 'validation.branch.taxType' })
  taxType?: TaxType | null;
  @IsOptional() @IsString() @MaxLength(200) invoiceClientId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) invoiceClientSecret?: string | null;
  @IsOptional() @IsString() @MaxLength(200) receiptClientId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) receiptClientSecret?: string | null;
  @IsOptional() @IsString() @MaxLength(100) receiptPosSerial?: string | null;
  @IsOptional() @IsString() @MaxLength(100) receiptsOsVersion?: string | null;
}

export class BranchCreateDto extends BranchFields {
  @IsString({ message: 'validation.branch.nameRequired' })
  @MinLength(1, { message: 'validation.branch.nameRequired' })
  @MaxLength(200)
  @NameText()
  name: string;
}

export class BranchUpdateDto extends BranchFields {
  @IsOptional()
  @IsString({ message: 'validation.branch.nameRequired' })
  @MinLength(1, { message: 'validation.branch.nameRequired' })
  @MaxLength(200)
  @NameText()
  name?: string;
}

export type BranchResponseDto = Omit<
  BranchCreateDto,
  'invoiceClientSecret' | 'receiptClientSecret'
> & {
  id: string;
  /** Secrets are never returned; only whether one is stored. */
  hasInvoiceClientSecret: boolean;
  hasReceiptClientSecret: boolean;
  /** the branch issues e-receipts (switched on from the e-receipts screen; read-only here) */
  eReceiptsEnabled: boolean;
  createdAt: string;
};

/** Spec §7: /api/Branch; everyone reads the branches in their scope, administrators change them. */
export const BRANCHES = defineResource<BranchResponseDto, BranchCreateDto, BranchUpdateDto>({
  path: '/Branch',
  create: BranchCreateDto,
  update: BranchUpdateDto,
  query: ListQueryDto,
  sortable: ['name', 'location', 'createdAt'],
  defaultSort: 'createdAt',
  read: 'session',
  write: 'admin',
});
