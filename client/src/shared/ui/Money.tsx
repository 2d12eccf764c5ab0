import { formatPiasters } from '@pos/contracts';

/**
 * An amount on screen (issue 30 item 5): piasters as pounds by the one formatter (`formatPiasters`),
 * isolated left to right so a negative amount reads "-1,500.00" on an Arabic page too (not
 * "1,500.00-"). Every table and report amount goes through it.
 */
export function Money({ value, testId }: { value: number; testId?: string }) {
  return (
    <bdi dir="ltr" data-testid={testId}>
      {formatPiasters(value)}
    </bdi>
  );
}
