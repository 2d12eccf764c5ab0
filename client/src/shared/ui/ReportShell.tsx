import FileDownload from '@mui/icons-material/FileDownload';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { PrintArea, printSoon, useReceiptData } from './print';

export type ReportShellProps = {
  title: string;
  /** The range and branch under the title, on screen and on paper. */
  rangeText: string;
  /** The report is there: Excel and Print are enabled. */
  ready: boolean;
  excel: { label: string; busy: boolean; start: () => void };
  printLabel: string;
  /** Between the header and the filters (an export's progress). */
  notice?: ReactNode;
  filters: ReactNode;
  filtersTestId?: string;
  testId?: string;
  /** The body on screen. */
  children: ReactNode;
  /** The body on A4 paper (under the store's name, the title and the range). */
  paper: () => ReactNode;
};

/**
 * The one report frame (the reports kit and the books' reports): header with Excel and Print, the
 * filters, the body, and its paper copy in the shared print area, mounted only while printing.
 */
export function ReportShell(props: ReportShellProps) {
  const { title, rangeText, ready, excel } = props;
  const store = useReceiptData();
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  return (
    <Box data-testid={props.testId}>
      <PageHeader
        title={title}
        subtitle={rangeText}
        actions={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Button
              startIcon={<FileDownload />}
              disabled={!ready || excel.busy}
              onClick={excel.start}
              data-testid="report-excel"
            >
              {excel.label}
            </Button>
            <Button
              startIcon={<Print />}
              disabled={!ready}
              onClick={() => {
                setPrinting(true);
                printSoon();
              }}
              data-testid="report-print"
            >
              {props.printLabel}
            </Button>
          </Stack>
        }
      />
      {props.notice}
      <Stack
        direction="row"
        sx={{ gap: 1.5, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
        data-testid={props.filtersTestId}
      >
        {props.filters}
      </Stack>
      {props.children}
      {ready && printing && (
        <PrintArea layout="a4">
          <Box
            sx={{ color: '#000', bgcolor: '#fff', fontSize: 12, '& td, & th': { color: '#000' } }}
          >
            <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{store.name}</Typography>
            <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
            <Typography sx={{ mb: 1 }}>{rangeText}</Typography>
            {props.paper()}
          </Box>
        </PrintArea>
      )}
    </Box>
  );
}
