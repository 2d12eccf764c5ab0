import { DateField } from './DateField';

/** From and to days ('YYYY-MM-DD'), test ids `<testId>-from` and `<testId>-to`. */
export function DateRangeFilter(props: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  labels: [string, string];
  testId?: string;
}) {
  const id = (end: string) => (props.testId ? `${props.testId}-${end}` : undefined);
  return (
    <>
      <DateField
        label={props.labels[0]}
        value={props.from}
        onChange={props.onFrom}
        testId={id('from')}
      />
      <DateField label={props.labels[1]} value={props.to} onChange={props.onTo} testId={id('to')} />
    </>
  );
}
