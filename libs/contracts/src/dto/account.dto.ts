import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';

// The signed-in user's own account (issue 11, items 15 and 18): password change, two-step sign-in.

export class PasswordChangeDto {
  @IsString() @MaxLength(200) currentPassword: string;
  @IsString()
  @MinLength(8, { message: 'validation.user.password' })
  @MaxLength(200)
  newPassword: string;
}

/** POST /api/account/two-factor/setup: which kind of second step (the only one there is). */
export class TwoFactorSetupRequestDto {
  @IsIn(['totp']) method: 'totp';
}

export class TwoFactorCodeDto {
  @Matches(/^\d{6}$/, { message: 'validation.user.totpCode' }) code: string;
}

export class TwoFactorDisableDto {
  @IsString() @MaxLength(200) password: string;
}
