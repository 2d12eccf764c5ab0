import {
  Column,
  CreateDateColumn,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ObjectType, RelationOptions } from 'typeorm';

// The entities' repeated column declarations, one place each (the schema is the migrations'; these
// declare exactly what the inline decorators did).

/** `timestamptz`, set by the database on insert (`createdAt`, an event's `at`). */
export const CreatedAt = (): PropertyDecorator => CreateDateColumn({ type: 'timestamptz' });

/** `timestamptz`, set on insert and on every save through the entity. */
export const UpdatedAt = (): PropertyDecorator => UpdateDateColumn({ type: 'timestamptz' });

/**
 * A many-to-one relation joined on `joinColumn` (its id column is declared beside it):
 * `@ManyToOne(target, options) @JoinColumn({ name: joinColumn })` in one decorator.
 */
export function JoinedManyToOne<T>(
  target: string | ((type?: unknown) => ObjectType<T>),
  joinColumn: string,
  options?: RelationOptions,
): PropertyDecorator {
  return (prototype, property) => {
    JoinColumn({ name: joinColumn })(prototype, property);
    ManyToOne(target, options)(prototype, property);
  };
}

/**
 * The columns a table of rows never changed after their insert starts and ends with (a sale, an
 * expense): the uuid key and when the row was made. An entity extends it with its own.
 */
export abstract class CreatedRowColumns {
  @PrimaryColumn('uuid') id: string;
  @CreatedAt() createdAt: Date;
}

/**
 * The columns most tables start and end with: the uuid key, when the row was made and when it was
 * last changed. An entity extends it with its own (`class VaultEntity extends KeyedRowColumns`).
 */
export abstract class KeyedRowColumns extends CreatedRowColumns {
  @UpdatedAt() updatedAt: Date;
}

/**
 * The columns of one status change in a document's history (append-only rows): from and to which
 * status, by whom and why. An entity adds its document's id, anything else a step records and
 * when it happened (`class ChequeEventEntity extends StatusEventColumns<ChequeStatus>`).
 */
export abstract class StatusEventColumns<S extends string> {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { nullable: true }) fromStatus: S | null;
  @Column('text') toStatus: S;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
}

/**
 * The columns of an uploaded file kept in the database (a receipt photo, a logo): its bytes are
 * loaded only when asked for. An entity extends it with its own table (files, expense attachments).
 */
export abstract class StoredFileColumns {
  @PrimaryColumn('uuid') id: string;
  @Column('text') contentType: string;
  @Column('integer') size: number;
  @Column('bytea', { select: false }) data: Buffer;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @CreatedAt() createdAt: Date;
}
