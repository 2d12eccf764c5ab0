import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';

type Props = ButtonProps & {
  testId?: string;
  /** On a line of its own at the inline end (under a form's fields). */
  end?: boolean;
  /** Default the save icon; null for none (a plain submit button). */
  icon?: ReactNode;
};

/** A form's main button: contained, with the save icon; it submits the form unless given onClick. */
export function SaveButton({ testId, end, icon = <Save />, ...rest }: Props) {
  const button = (
    <Button
      type={rest.onClick ? 'button' : 'submit'}
      variant="contained"
      startIcon={icon}
      data-testid={testId}
      {...rest}
    />
  );
  return end ? (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{button}</Box>
  ) : (
    button
  );
}
