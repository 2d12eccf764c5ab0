import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useEffect, useState } from 'react';
import type { SvgIconComponent } from './navIcons';

// The navigation icons (named in the route table) are one lazily loaded chunk, so the sign-in
// page and the shell's first paint do not pay for them. While loading, an empty square keeps the
// layout; if the icon cannot be loaded or is unknown, its name is shown as text (spec §8).
type IconMap = Record<string, SvgIconComponent>;
let icons: IconMap | null = null;
let failed = false;
let pending: Promise<void> | null = null;

function loadIcons(): Promise<void> {
  pending ??= import('./navIcons')
    .then((mod) => {
      icons = mod.NAV_ICONS;
    })
    .catch(() => {
      failed = true;
    });
  return pending;
}

export function AppIcon({ name, fontSize = 'small', ...rest }: { name: string } & SvgIconProps) {
  const [, setLoaded] = useState(icons !== null || failed);
  useEffect(() => {
    if (icons || failed) return;
    let live = true;
    void loadIcons().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  if (!icons && !failed) {
    return <Box component="span" sx={{ display: 'inline-block', width: 20, height: 20 }} />;
  }
  const Icon = icons?.[name];
  if (!Icon) {
    return (
      <Box
        component="span"
        data-icon-fallback={name}
        sx={{
          fontSize: 10,
          lineHeight: 1,
          maxWidth: 44,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {name}
      </Box>
    );
  }
  return <Icon fontSize={fontSize} {...rest} />;
}
