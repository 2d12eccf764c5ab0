import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { InstallmentSettings, ModuleKey, ScaleBarcodeSettings } from '@pos/contracts';
import { CreatedRowColumns, StoredFileColumns } from '../../../core/database/columns';

@Entity('features')
export class FeatureEntity {
  @PrimaryColumn('text') key: string;
  @Column('boolean', { default: false }) enabled: boolean;
}

@Entity('store_info')
export class StoreInfoEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { nullable: true }) phoneNumber: string | null;
  @Column('text', { nullable: true }) secondPhoneNumber: string | null;
  @Column('text', { nullable: true }) address: string | null;
  @Column('text', { nullable: true }) recepitInfo: string | null;
  @Column('text', { nullable: true }) receiptFooterImage: string | null;
  @Column('text', { nullable: true }) maintenanceReceiptInfo: string | null;
  @Column('text', { array: true, nullable: true }) sidebarItems: string[] | null;
}

/** One row (id 1): site settings and public configuration. */
@Entity('site_settings')
export class SiteSettingsEntity {
  @PrimaryColumn('integer') id: number;
  @Column('integer', { default: 100 }) maxBranches: number;
  @Column('text', { array: true, default: () => "'{POS,Einvoice,INSTALLMENTS,Maintenance}'" })
  modules: ModuleKey[];
}

@Entity('files')
export class FileEntity extends StoredFileColumns {}

/**
 * One image of the customer display's idle slideshow (docs/decisions/0129): its file (a `files`
 * row), its screen (a branch's own, or null: store-wide) and its place in that screen's order.
 */
@Entity('display_images')
export class DisplayImageEntity extends CreatedRowColumns {
  @Column('uuid', { nullable: true }) branchId: string | null;
  @Column('uuid') fileId: string;
  @Column('integer') position: number;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** One row (id 1): store-wide settings every register shares (time zone, scale-barcode layout). */
@Entity('store_settings')
export class StoreSettingsEntity {
  @PrimaryColumn('integer') id: number;
  @Column('text', { default: 'Africa/Cairo' }) timeZone: string;
  @Column('jsonb', { nullable: true }) scaleBarcode: ScaleBarcodeSettings | null;
  /** days a customer has to pay a sale on account, unless the customer has their own terms */
  @Column('integer', { default: 30 }) customerPaymentTermsDays: number;
  /** late fee and early-settlement rules (issue 16); null: the defaults */
  @Column('jsonb', { nullable: true }) installments: InstallmentSettings | null;
  /** a cancelled or expired reservation's deposit: forfeited (true) or refunded (false) */
  @Column('boolean', { default: false }) reservationDepositForfeit: boolean;
  @Column('integer', { default: 14 }) serviceVatRate: number;
  /** a lot expiring within this many days is on the expiring list (issue 34) */
  @Column('integer', { default: 30 }) expiryWarningDays: number;
}
