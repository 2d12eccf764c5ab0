import { ETA_RECEIPT_WARN_AFTER_HOURS } from '@pos/contracts';

/** The oldest unsent e-receipt (its dateTimeIssued) is near ETA's submission window. */
export const receiptsLate = (oldest: string | null, now: number): boolean =>
  oldest !== null && now - Date.parse(oldest) >= ETA_RECEIPT_WARN_AFTER_HOURS * 3_600_000;
