import { Column, Entity } from 'typeorm';
import type { TaxType } from '@pos/contracts';
import { KeyedRowColumns } from '../../../core/database/columns';

// Spec §3 fields; every field but name is optional nullable text (recepitInfo spelt so).
// ETA client secrets are stored encrypted (see SecretBox), never returned.
@Entity('branches')
export class BranchEntity extends KeyedRowColumns {
  @Column('text') name: string;
  /** Short code in document numbers (B01, B02…), given at creation. */
  @Column('text', { nullable: true }) code: string | null;
  @Column('text', { nullable: true }) location: string | null;
  @Column('text', { nullable: true }) phoneNumber: string | null;
  @Column('text', { nullable: true }) secondPhoneNumber: string | null;
  @Column('text', { nullable: true }) recepitInfo: string | null;
  @Column('text', { nullable: true }) logo: string | null;
  @Column('text', { nullable: true }) receiptFooterImage: string | null;
  @Column('text', { nullable: true }) taxBranchNumber: string | null;
  @Column('text', { nullable: true }) taxNumber: string | null;
  @Column('text', { nullable: true }) activityCode: string | null;
  @Column('varchar', { length: 1, nullable: true }) taxType: TaxType | null;
  @Column('text', { nullable: true }) invoiceClientId: string | null;
  @Column('text', { nullable: true }) invoiceClientSecret: string | null;
  @Column('text', { nullable: true }) receiptClientId: string | null;
  @Column('text', { nullable: true }) receiptClientSecret: string | null;
  @Column('text', { nullable: true }) receiptPosSerial: string | null;
  @Column('text', { nullable: true }) receiptsOsVersion: string | null;
  /** issue 17: every sale and return of the branch issues an ETA e-receipt */
  @Column('boolean', { default: false }) eReceiptsEnabled: boolean;
}
