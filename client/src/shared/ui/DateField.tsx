import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import arLocale from 'dayjs/locale/ar';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// The one date input of every date filter: MUI's date picker (dayjs adapter), localised from our
// own texts (MUI X ships no Arabic picker locale) and showing dates as the formatter does
// (DD/MM/YYYY, Western digits, left to right inside Arabic text) — never the browser's
// "mm/dd/yyyy".

/** dayjs's Arabic (month and day names) with Western digits, as everywhere in the app. */
const AR_LATN = 'ar-latn';
dayjs.locale(
  { ...arLocale, name: AR_LATN, preparse: undefined, postformat: undefined } as ILocale,
  undefined,
  true,
);

export const DATE_FIELD_FORMAT = 'DD/MM/YYYY';

export type DateFieldProps = {
  label: string;
  /** 'YYYY-MM-DD' or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  minWidth?: number;
};

function useLocaleText(): Partial<PickersLocaleText> {
  const { t, i18n } = useTranslation('common');
  return useMemo(
    () => ({
      previousMonth: t('dateField.previousMonth'),
      nextMonth: t('dateField.nextMonth'),
      openPreviousView: t('dateField.previousView'),
      openNextView: t('dateField.nextView'),
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? t('dateField.toCalendar') : t('dateField.toYears'),
      cancelButtonLabel: t('dateField.cancel'),
      clearButtonLabel: t('dateField.clear'),
      okButtonLabel: t('dateField.ok'),
      todayButtonLabel: t('dateField.today'),
      datePickerToolbarTitle: t('dateField.title'),
      openDatePickerDialogue: (formatted) =>
        formatted ? t('dateField.openSelected', { date: formatted }) : t('dateField.open'),
      fieldClearLabel: t('dateField.clear'),
      dateTableLabel: t('dateField.title'),
      fieldYearPlaceholder: (params) => t('dateField.yearLetter').repeat(params.digitAmount),
      fieldMonthPlaceholder: () => t('dateField.monthLetters'),
      fieldDayPlaceholder: () => t('dateField.dayLetters'),
      year: t('dateField.year'),
      month: t('dateField.month'),
      day: t('dateField.day'),
      empty: t('dateField.empty'),
    }),
    // i18n.language: the texts change with the locale
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}

export function DateField({
  label,
  value,
  onChange,
  disabled,
  testId,
  minWidth = 160,
}: DateFieldProps) {
  const { i18n } = useTranslation('common');
  const localeText = useLocaleText();
  const parsed: Dayjs | null = value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={i18n.language === 'ar' ? AR_LATN : 'en'}
      localeText={localeText}
    >
      <DatePicker
        label={label}
        value={parsed}
        disabled={disabled}
        format={DATE_FIELD_FORMAT}
        onChange={(next) => {
          if (next === null) onChange('');
          else if (next.isValid()) onChange(next.format('YYYY-MM-DD'));
        }}
        slotProps={{
          textField: {
            size: 'small',
            sx: { minWidth },
            ...({ 'data-testid': testId } as object),
          },
          field: { clearable: true },
        }}
        // Day/month/year read left to right in both languages, as the formatter prints them.
        sx={{ '& .MuiPickersSectionList-root': { direction: 'ltr', unicodeBidi: 'isolate' } }}
      />
    </LocalizationProvider>
  );
}

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
