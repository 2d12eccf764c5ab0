import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PropertyTypeResponseDto } from '@pos/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/state/useCan';
import { variantFromTexts, type VariantTexts } from '../lib/variantForm';
import { dtoErrors } from '../../../shared/forms/useDtoForm';

type Errors = Record<string, string>;

/** A titled block of the product page (details, properties, variants). */
export function Section({
  title,
  meta,
  action,
  children,
}: {
  title: string;
  /** Right after the title (a count). */
  meta?: ReactNode;
  /** At the inline end. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {meta}
        <Box sx={{ flex: 1 }} />
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** A small outlined button with its icon (labels, export, import, delete, add a variant). */
export function ToolButton({
  icon,
  testId,
  ...rest
}: Omit<ButtonProps, 'startIcon'> & { icon: ReactNode; testId: string }) {
  return <Button size="small" variant="outlined" startIcon={icon} data-testid={testId} {...rest} />;
}

/**
 * A working dialog (import, labels, properties): the title, the content between dividers, then
 * cancel (or `closeLabel`) and the dialog's own `actions`. While `busy` it cannot be dismissed.
 */
export function ActionDialog({
  title,
  busy,
  closeLabel,
  actions,
  sx,
  children,
  onClose,
  ...dialog
}: Omit<DialogProps, 'title' | 'onClose'> & {
  title: ReactNode;
  onClose: () => void;
  busy?: boolean;
  closeLabel?: ReactNode;
  actions?: ReactNode;
  /** The content's styles. */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Dialog fullWidth onClose={busy ? undefined : onClose} {...dialog}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={sx}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {closeLabel ?? t('common.cancel')}
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}

/** The form's save button: a spinner while saving. */
export function SaveButton({
  pending,
  onClick,
  testId,
  icon = <SaveOutlined />,
}: {
  pending: boolean;
  onClick: () => void;
  testId: string;
  /** Before the label while not saving. */
  icon?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Button
      variant="contained"
      startIcon={pending ? <CircularProgress size={16} color="inherit" /> : icon}
      disabled={pending}
      onClick={onClick}
      data-testid={testId}
    >
      {t('common.save')}
    </Button>
  );
}

/** One property type's values as chips to switch on and off, under the type's name. */
export function AxisValues({
  name,
  options,
  chosen,
  onChange,
  colorOf,
  testId,
  valueTestId,
  heading,
  children,
  after,
}: {
  name: string;
  options: string[];
  chosen: string[];
  /** The chosen values after a click, in the options' order (the grid reads S, M, L). */
  onChange: (chosen: string[]) => void;
  /** The colour of a value's chip (default: primary when chosen). */
  colorOf?: (value: string, on: boolean) => ChipProps['color'];
  testId: string;
  valueTestId: string;
  /** After the name (select all, a "new" mark). */
  heading?: ReactNode;
  /** After the chips, on their line (a box to type a new value). */
  children?: ReactNode;
  /** Under the chips. */
  after?: ReactNode;
}) {
  return (
    <Box sx={{ mt: 1.5 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 700, minInlineSize: 80 }}>
          {name}
        </Typography>
        {heading}
      </Stack>
      <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
        {options.map((value) => {
          const on = chosen.includes(value);
          return (
            <Chip
              key={value}
              label={value}
              size="small"
              color={colorOf ? colorOf(value, on) : on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              data-testid={valueTestId}
              onClick={() =>
                onChange(
                  on
                    ? chosen.filter((v) => v !== value)
                    : options.filter((v) => v === value || chosen.includes(v)),
                )
              }
            />
          );
        })}
        {children}
      </Stack>
      {after}
    </Box>
  );
}

/** A small left-to-right input (a code, a price, a quantity) with its message under it. */
export function LtrInput({
  value,
  onChange,
  error,
  testId,
  decimal,
  ariaLabel,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  testId: string;
  /** The numeric keyboard. */
  decimal?: boolean;
  /** The accessible name without a label (a table's cell). */
  ariaLabel?: string;
}) {
  return (
    <TextField
      size="small"
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? rest.helperText}
      slotProps={{
        htmlInput: {
          dir: 'ltr',
          inputMode: decimal ? 'decimal' : undefined,
          'aria-label': ariaLabel,
          'data-testid': testId,
        },
      }}
    />
  );
}

/** A product's property types, in its order (those still defined). */
export function typesOf(ids: string[], types: PropertyTypeResponseDto[]) {
  const byId = new Map(types.map((type) => [type.id, type]));
  return ids.map((id) => byId.get(id)).filter((p): p is PropertyTypeResponseDto => Boolean(p));
}

/** What checking typed variants needs: the cost permission, the messages, the fields' names. */
export function useVariantChecks() {
  const { t, i18n } = useTranslation('catalog');
  const showCost = useCan()('can_see_buy_price');
  const messages = {
    priceRequired: t('errors.priceRequired'),
    priceInvalid: t('errors.priceInvalid'),
    minAboveSell: t('errors.minAboveSell'),
    quantityInvalid: t('errors.quantityInvalid'),
  };
  /** A DTO path's label from its last segment (variants.2.sellPrice: the sell price). */
  const fieldLabel = (path: string) => {
    const last = path.split('.').pop() ?? path;
    return i18n.exists(`catalog:fields.${last}`) ? t(`fields.${last}`) : last;
  };
  /** `found` plus the DTO's messages, each under its path's first segment (`found`'s first). */
  const withDto = async (dto: Parameters<typeof dtoErrors>[0], body: object, found: Errors) => {
    const all = { ...found };
    const label = (path: string) => t(`fields.${path.split('.')[0]}`);
    for (const [path, message] of Object.entries(await dtoErrors(dto, body, i18n.language, label)))
      if (message) all[path.split('.')[0]] ??= message;
    return all;
  };
  /** Typed texts → the API's variant and the messages (`inventoryIds`: opening stock's columns). */
  const fromTexts = (texts: VariantTexts, properties: Errors, inventoryIds: string[] = []) =>
    variantFromTexts(texts, properties, { showCost, inventoryIds, messages });
  return { t, lang: i18n.language, showCost, fieldLabel, withDto, fromTexts };
}
