import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Gap-free document numbers: one counter row per (kind, branch, register), bumped in the transaction. */
@Entity('document_sequences')
export class DocumentSequenceEntity {
  @PrimaryColumn('text') key: string;
  @Column('bigint', { default: 0 }) last: string;
}
