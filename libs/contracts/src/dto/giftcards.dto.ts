import { IsInt, IsOptional, IsString, IsUUID, Matches, MaxLength, Min } from 'class-validator';
import { MaxDocumentMoney } from './limit-rules';

// Gift cards and store credit (issue 33 item 5, docs/decisions/0083, docs/api-giftcards.md).
// Money in piasters; a card's balance stays within LIMITS.documentTotal.
// The paths, statuses and the code's shape live in ../giftcards.ts (the till's first screen reads
// them without the validation chunk).

/** Sell (or issue) a new card: the money comes in by `methodId` into the cashier's open shift. */
export class GiftCardIssueDto {
  /** the client's id for the card: a retry makes no second card */
  @IsUUID() id: string;
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  /** how the buyer paid (cash, card, wallet…; never on account nor a gift card) */
  @IsUUID() methodId: string;
  /** the buyer or holder, when known (a card can be sold anonymously) */
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

/** Load more money on a card. */
export class GiftCardTopUpDto {
  /** the client's id for this load (the ledger row): a retry loads once */
  @IsUUID() id: string;
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  @IsUUID() methodId: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

/** A card's code as typed or scanned (letters and digits, dashes ignored by the server). */
export class GiftCardCodeQueryDto {
  @IsString()
  @MaxLength(40)
  @Matches(/^[A-Za-z0-9-]+$/, { message: 'validation.giftCardCode' })
  code: string;
}
