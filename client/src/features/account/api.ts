import type { AccountDto, TwoFactorEnabledDto, TwoFactorSetupDto } from '@pos/contracts';
import { http } from '../../shared/api/http';

// The signed-in user's own account (issue 11): password change and two-step sign-in.
export const accountApi = {
  get: () => http.get<AccountDto>('/account'),
  changePassword: (currentPassword: string, newPassword: string) =>
    http.post<void>('/account/password', { currentPassword, newPassword }),
  setupTwoFactor: () =>
    http.post<TwoFactorSetupDto>('/account/two-factor/setup', { method: 'totp' }),
  enableTwoFactor: (code: string) =>
    http.post<TwoFactorEnabledDto>('/account/two-factor/enable', { code }),
  disableTwoFactor: (password: string) =>
    http.post<void>('/account/two-factor/disable', { password }),
};
