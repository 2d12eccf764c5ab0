import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_MAX_BRANCHES,
  DEFAULT_CUSTOMER_PAYMENT_TERMS_DAYS,
  DEFAULT_INSTALLMENT_SETTINGS,
  DEFAULT_SCALE_BARCODE,
  DEFAULT_SERVICE_VAT_RATE,
  DEFAULT_EXPIRY_WARNING_DAYS,
  MODULES,
  type ModuleKey,
  type StoreSettingsDto,
} from '@pos/contracts';
import { loadConfig } from '../../core/config/config';
import { SettingsReader } from '../../core/auth/settings.reader';
import { SiteSettingsEntity, StoreSettingsEntity } from './entities/settings.entities';

/** Reads the one site-settings row (enabled modules, branch limit): core's `SettingsReader`. */
@Injectable()
export class SiteSettingsReader extends SettingsReader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {
    super();
  }

  async get(): Promise<{ modules: ModuleKey[]; maxBranches: number }> {
    const row = await this.ds.getRepository(SiteSettingsEntity).findOneBy({ id: 1 });
    return {
      modules: row?.modules ?? [...MODULES],
      maxBranches: row?.maxBranches ?? DEFAULT_MAX_BRANCHES,
    };
  }
}

/** The store-wide settings (row 1), with defaults when the row is not there yet. */
export async function readStoreSettings(ds: DataSource | EntityManager): Promise<StoreSettingsDto> {
  const row = await ds.getRepository(StoreSettingsEntity).findOneBy({ id: 1 });
  return {
    timeZone: row?.timeZone ?? loadConfig().storeTimeZone,
    scaleBarcode: { ...DEFAULT_SCALE_BARCODE, ...(row?.scaleBarcode ?? {}) },
    customerPaymentTermsDays: row?.customerPaymentTermsDays ?? DEFAULT_CUSTOMER_PAYMENT_TERMS_DAYS,
    installments: {
      ...DEFAULT_INSTALLMENT_SETTINGS,
      ...(row?.installments ?? {}),
      lateFee: { ...DEFAULT_INSTALLMENT_SETTINGS.lateFee, ...(row?.installments?.lateFee ?? {}) },
    },
    reservationDepositForfeit: row?.reservationDepositForfeit ?? false,
    serviceVatRate: row?.serviceVatRate ?? DEFAULT_SERVICE_VAT_RATE,
    expiryWarningDays: row?.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS,
  };
}

/** The store time zone: business day, daily report, dashboard. */
export async function readStoreTimeZone(ds: DataSource | EntityManager): Promise<string> {
  return (await readStoreSettings(ds)).timeZone;
}
