import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType, ReactNode } from 'react';

export type IconActionProps = {
  /** Accessible name, and the tooltip unless `tooltip` is given. */
  label: string;
  icon: ComponentType<SvgIconProps>;
  onClick?: () => void;
  /** A link instead of an action (a `tel:` or WhatsApp address); `newTab` opens it in a new tab. */
  href?: string;
  newTab?: boolean;
  /** When given, the button sits in a span so that its tooltip still shows while disabled. */
  disabled?: boolean;
  /** A tooltip other than the label (why the action is disabled). */
  tooltip?: ReactNode;
  testId?: string;
  /** Default the inherited colour ('primary' for a row's save). */
  color?: IconButtonProps['color'];
  sx?: IconButtonProps['sx'];
};

/** A small icon button named by its tooltip: a table row's actions, a refresh in a header. */
export function IconAction({
  label,
  icon: Icon,
  onClick,
  disabled,
  tooltip,
  testId,
  color,
  href,
  newTab,
  sx,
}: IconActionProps) {
  const button = (
    <IconButton
      size="small"
      color={color}
      sx={sx}
      aria-label={label}
      onClick={onClick}
      {...(href ? { href } : {})}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      disabled={disabled}
      data-testid={testId}
    >
      <Icon fontSize="small" />
    </IconButton>
  );
  return (
    <Tooltip title={tooltip ?? label}>
      {disabled === undefined ? button : <span>{button}</span>}
    </Tooltip>
  );
}

export type PresetActionProps = Omit<IconActionProps, 'icon'>;

/** The pencil of a row (edit, open). */
export function EditAction(props: PresetActionProps) {
  return <IconAction icon={EditOutlined} {...props} />;
}

/** The bin of a row. */
export function DeleteAction(props: PresetActionProps) {
  return <IconAction icon={DeleteOutlined} {...props} />;
}
