import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';

/** One of the account's forms: its fields in a column, under the error (test id `errorTestId`). */
export function AccountForm(props: {
  onSubmit: (event: FormEvent) => void;
  error: string | null | undefined;
  testId: string;
  errorTestId: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={props.onSubmit}
      sx={{ display: 'grid', gap: 2 }}
      data-testid={props.testId}
    >
      {props.error && (
        <Alert severity="error" data-testid={props.errorTestId}>
          {props.error}
        </Alert>
      )}
      {props.children}
    </Box>
  );
}
