import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateNested,
  ValidatorConstraint,
  Validate,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

import {
  MAX_EXPIRY_WARNING_DAYS,
  SCALE_MODES,
  scaleLayoutProblem,
  type InstallmentSettings,
  type ScaleBarcodeSettings,
  type ScaleMode,
} from '../store-settings';
import type { LateFeeRule } from '../installments';
import { LIMITS } from '../limits';

@ValidatorConstraint({ name: 'scaleLayout' })
class ScaleLayoutRule implements ValidatorConstraintInterface {
  validate(_: unknown, args?: ValidationArguments): boolean {
    const s = args?.object as ScaleBarcodeSettingsDto;
    if (
      typeof s.prefix !== 'string' ||
      ![s.itemStart, s.itemLength, s.valueStart, s.valueLength].every(Number.isInteger)
    ) {
      return true; // the field rules report those
    }
    return scaleLayoutProblem(s) === null;
  }
}

export class ScaleBarcodeSettingsDto implements ScaleBarcodeSettings {
  @IsBoolean() enabled: boolean;
  @Matches(/^\d{1,3}$/, { message: 'validation.scale.prefix' }) prefix: string;
  @IsInt() @Min(1) @Max(12) itemStart: number;
  @IsInt() @Min(1) @Max(11) itemLength: number;
  @IsInt() @Min(1) @Max(12) valueStart: number;
  @IsInt() @Min(1) @Max(11) valueLength: number;
  @IsIn(SCALE_MODES)
  @Validate(ScaleLayoutRule, { message: 'validation.scale.layout' })
  mode: ScaleMode;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

@ValidatorConstraint({ name: 'timeZone' })
class TimeZoneRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      typeof value === 'string' &&
      /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) &&
      isTimeZone(value)
    );
  }
}

@ValidatorConstraint({ name: 'lateFeeValue' })
class LateFeeValueRule implements ValidatorConstraintInterface {
  validate(value: unknown, args?: ValidationArguments): boolean {
    const rule = args?.object as LateFeeRuleDto;
    if (typeof value !== 'number') return true; // @IsInt reports it
    return rule.kind === 'percent' ? value <= 10_000 : value <= LIMITS.documentTotal;
  }
}

/** The late fee: fixed piasters, or basis points of the installment (≤ 10000), per started period. */
export class LateFeeRuleDto implements LateFeeRule {
  @IsIn(['none', 'fixed', 'percent']) kind: LateFeeRule['kind'];
  @IsInt()
  @Min(0)
  @Validate(LateFeeValueRule, { message: 'validation.installment.lateFee' })
  value: number;
  @IsInt() @Min(0) @Max(365) graceDays: number;
}

export class InstallmentSettingsDto implements InstallmentSettings {
  @ValidateNested() @Type(() => LateFeeRuleDto) lateFee: LateFeeRuleDto;
  @IsInt() @Min(0) @Max(10_000) earlySettlementDiscountBp: number;
}

export class StoreSettingsUpdateDto {
  @IsOptional()
  @Validate(TimeZoneRule, { message: 'validation.settings.timeZone' })
  timeZone?: string;
  @IsOptional()
  @ValidateNested()
  @Type(() => ScaleBarcodeSettingsDto)
  scaleBarcode?: ScaleBarcodeSettingsDto;
  @IsOptional()
  @IsInt({ message: 'validation.customer.paymentTerms' })
  @Min(0, { message: 'validation.customer.paymentTerms' })
  @Max(365, { message: 'validation.customer.paymentTerms' })
  customerPaymentTermsDays?: number;
  @ValidateNested()
  @Type(() => InstallmentSettingsDto)
  installments?: InstallmentSettingsDto;
  @IsOptional() @IsBoolean() reservationDepositForfeit?: boolean;
  @IsOptional()
  @IsInt({ message: 'validation.settings.serviceVatRate' })
  @Min(0, { message: 'validation.settings.serviceVatRate' })
  @Max(100, { message: 'validation.settings.serviceVatRate' })
  serviceVatRate?: number;
  @IsOptional()
  @IsInt({ message: 'validation.settings.expiryWarningDays' })
  @Min(1, { message: 'validation.settings.expiryWarningDays' })
  @Max(MAX_EXPIRY_WARNING_DAYS, { message: 'validation.settings.expiryWarningDays' })
  expiryWarningDays?: number;
}
