import { IsBoolean, IsInt, Max, Min } from 'class-validator';

// Loyalty points (issue 33 item 4, docs/decisions/0091, docs/api-loyalty.md). Money in piasters.

/** The store-wide program: on/off, what is spent per point earned, what a point pays when redeemed. */
export class LoyaltyProgramDto {
  @IsBoolean() enabled: boolean;
  /** piasters spent per point earned (1000: one point per 10.00 EGP); at most 1,000,000.00 */
  @IsInt() @Min(1) @Max(100_000_000) spendPerPoint: number;
  /** a point's value in piasters when redeemed (10: 0.10 EGP); at most 1,000.00 */
  @IsInt() @Min(1) @Max(100_000) pointValue: number;
}
