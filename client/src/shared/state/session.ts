import type {
  AccountStep,
  BranchResponseDto,
  PublicConfigDto,
  SessionUser,
  StoreInfoResponseDto,
  StoreSettingsDto,
} from '@pos/contracts';
import {
  DEFAULT_CUSTOMER_PAYMENT_TERMS_DAYS,
  DEFAULT_INSTALLMENT_SETTINGS,
  DEFAULT_SCALE_BARCODE,
  DEFAULT_STORE_TIME_ZONE,
} from '@pos/contracts';
import { atom } from 'jotai';
import type { ConfigStatus } from '../lib/configLoad';

// Global state of spec §3/§4. The session transitions that fill these live in
// app/session/SessionEffects.tsx.
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionState = {
  status: SessionStatus;
  user: SessionUser | null;
  expires?: string;
  /** A step the account must take before anything else (issue 11), from the session's header. */
  step?: AccountStep | null;
  /**
   * Started from the device's saved profile because the server could not be reached (issue 32,
   * shared/lib/sessionCache.ts): only the till works; the next answer of the server replaces it.
   */
  offline?: boolean;
};

export const sessionState = atom<SessionState>({ status: 'loading', user: null });
export const sessionUserState = atom((get) => get(sessionState).user);

/** Public configuration (GET /api/config): enabled modules and the app's name. */
export const publicConfigState = atom<PublicConfigDto>({ modules: [], appName: 'POS' });
export const enabledModulesState = atom((get) => get(publicConfigState).modules);
/**
 * Whether GET /api/config has answered. Until it has, enabledModules is [] and a module-gated page
 * would be refused, so the route guard waits for it as for the session (shared/lib/configLoad.ts).
 */
export const publicConfigStatusState = atom<ConfigStatus>('loading');

/** Feature flags as a key → enabled map (GET /api/Features). */
export const featuresState = atom<Record<string, boolean>>({});
/** First element of GET /api/StoreInfo. */
export const storeInfoState = atom<StoreInfoResponseDto | null>(null);
/**
 * GET /api/StoreSettings: the store time zone and the scale-barcode layout, the same on every
 * register. The defaults stand until it answers.
 */
export const storeSettingsState = atom<StoreSettingsDto>({
  timeZone: DEFAULT_STORE_TIME_ZONE,
  scaleBarcode: DEFAULT_SCALE_BARCODE,
  customerPaymentTermsDays: DEFAULT_CUSTOMER_PAYMENT_TERMS_DAYS,
  installments: DEFAULT_INSTALLMENT_SETTINGS,
  reservationDepositForfeit: false,
  serviceVatRate: 14,
  expiryWarningDays: 30,
});
/** GET /api/Branch/{user.branchId}. */
export const currentBranchState = atom<BranchResponseDto | null>(null);

export type LowStockVariant = { id: string; [field: string]: unknown };
/** GET /api/variants/getNearStockEnd (only with can_see_near_end_products). */
export const lowStockState = atom<LowStockVariant[]>([]);
