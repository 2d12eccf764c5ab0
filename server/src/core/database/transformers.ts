import type { ValueTransformer } from 'typeorm';

/** bigint piasters ↔ JS number (safe far beyond any shop's totals: 2^53 piasters). */
export const moneyColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** numeric(14,3) quantities ↔ JS number for the API; arithmetic stays in SQL numeric. */
export const quantityColumn: ValueTransformer = {
  to: (value: number | string | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
