import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { routePath, type ReportSectionDto } from '@pos/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { buildQuery } from '../../../shared/api/http';
import { accountName } from '../api/accounting.api';
import { amount } from './ReportFrame';

/** A link to an account's statement, on screen only (the printed page shows the name). */
export function AccountLink({
  accountId,
  range,
  children,
}: {
  accountId: string;
  range: { from?: string; to?: string; branchId?: string };
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={`${routePath('AccountStatement')}${buildQuery({ accountId, ...range })}`}
      underline="hover"
      data-testid="statement-link"
    >
      {children}
    </Link>
  );
}

export type ReportLine =
  | {
      kind: 'section';
      title: string;
      section: ReportSectionDto;
      sign?: 1 | -1;
      /**
       * The section's closing line: "total of <title>" by default; its own title (and a test id)
       * when that total is the statement's figure; null when a figure after the section totals it
       * (each total is printed once)
       */
      total?: { title: string; strong?: boolean; testId?: string } | null;
    }
  | { kind: 'figure'; title: string; value: number; strong?: boolean; testId?: string };

type SectionLine = Extract<ReportLine, { kind: 'section' }>;
/** A section's line: its accounts and (unless told otherwise) its total. */
export const section = (
  title: string,
  of: ReportSectionDto,
  more?: Pick<SectionLine, 'sign' | 'total'>,
): ReportLine => ({ kind: 'section', title, section: of, ...more });
/** A figure's line (a subtotal): `strong` for the statement's bottom line. */
export const figure = (title: string, value: number, testId?: string, strong?: boolean) =>
  ({ kind: 'figure', title, value, testId, strong }) as const;

/** A statement in sections: each section's accounts and total, with figures (subtotals) between. */
export function ReportSections({
  lines,
  range,
  label,
}: {
  lines: ReportLine[];
  range: { from?: string; to?: string; branchId?: string };
  label: string;
}) {
  const { t, i18n } = useTranslation('accounting');
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ inlineSize: 120 }}>{t('tree.code')}</TableCell>
          <TableCell>{t('tree.name')}</TableCell>
          <TableCell align="right" sx={{ inlineSize: 180 }}>
            {t('reports.amount')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.flatMap((line) => {
          if (line.kind === 'figure')
            return [
              <TableRow key={line.title} data-testid={line.testId}>
                <TableCell />
                <TableCell sx={{ fontWeight: 700 }}>{line.title}</TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 700, fontSize: line.strong ? '1.05em' : undefined }}
                >
                  {amount(line.value)}
                </TableCell>
              </TableRow>,
            ];
          const sign = line.sign ?? 1;
          return [
            <TableRow key={`${line.title}-head`}>
              <TableCell colSpan={3} sx={{ fontWeight: 700, bgcolor: 'action.hover' }}>
                {line.title}
              </TableCell>
            </TableRow>,
            ...line.section.rows.map((r) => (
              <TableRow key={r.accountId} data-testid="report-row">
                <TableCell dir="ltr">{r.code}</TableCell>
                <TableCell>
                  <AccountLink accountId={r.accountId} range={range}>
                    {accountName(r, i18n.language)}
                  </AccountLink>
                </TableCell>
                <TableCell align="right">{amount(sign * r.amount)}</TableCell>
              </TableRow>
            )),
            ...(line.total === null
              ? []
              : [
                  <TableRow key={`${line.title}-total`} data-testid={line.total?.testId}>
                    <TableCell />
                    <TableCell sx={{ fontWeight: line.total?.strong ? 700 : 600 }}>
                      {line.total?.title ?? t('reports.totalOf', { name: line.title })}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        fontWeight: line.total?.strong ? 700 : 600,
                        fontSize: line.total?.strong ? '1.05em' : undefined,
                      }}
                    >
                      {amount(sign * line.section.total)}
                    </TableCell>
                  </TableRow>,
                ]),
          ];
        })}
      </TableBody>
    </Table>
  );
}
