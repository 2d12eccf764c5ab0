import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { routePath } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findRoute } from '../../shared/lib/routeMatch';
import { navBadgesState, publicConfigState } from '../../shared/state';
import { AppIcon } from '../../shared/ui/AppIcon';
import { useVisibleSections } from '../../shared/lib/useNav';

export const SIDEBAR_WIDTH = { expanded: 240, collapsed: 60 } as const;

/** The sidebar's content: sections in the spec's order, only visible items. */
export function SidebarContent({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation(['nav', 'shell']);
  const sections = useVisibleSections();
  const location = useLocation();
  const current = findRoute(location.pathname)?.name;
  const appName = useAtomValue(publicConfigState).appName;
  const badges = useAtomValue(navBadgesState);

  return (
    <Box
      component="nav"
      aria-label={t('shell:sidebar.label')}
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'hidden' }}
    >
      <Box
        sx={{
          height: 52,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: collapsed ? 0 : 2,
          justifyContent: collapsed ? 'center' : 'flex-start',
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Box
          sx={{
            width: 30,
            height: 30,
            borderRadius: 1.5,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 800,
            fontSize: 13,
          }}
        >
          {appName.slice(0, 1)}
        </Box>
        {!collapsed && (
          <Typography sx={{ fontWeight: 800, fontSize: 15 }} noWrap>
            {appName}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.5 }}>
        {sections.map((section) => (
          <List
            key={section.label}
            dense
            disablePadding
            data-testid="sidebar-section"
            subheader={
              collapsed ? (
                <Box
                  component="li"
                  aria-hidden
                  sx={{
                    listStyle: 'none',
                    mx: 1.5,
                    my: 0.75,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                />
              ) : (
                <ListSubheader
                  disableSticky
                  sx={{
                    lineHeight: '28px',
                    fontSize: 11.5,
                    fontWeight: 700,
                    bgcolor: 'transparent',
                    letterSpacing: 0,
                  }}
                >
                  {t(section.label)}
                </ListSubheader>
              )
            }
          >
            {section.items.map((item) => {
              const label = t(item.label);
              const selected = current === item.link;
              const button = (
                <ListItemButton
                  component={Link}
                  to={routePath(item.link)}
                  selected={selected}
                  onClick={onNavigate}
                  data-link={item.link}
                  aria-label={collapsed ? label : undefined}
                  // Collapsed: the label shows as the native hint (MUI's Tooltip would bring
                  // Popper.js into the initial bundle).
                  title={collapsed ? label : undefined}
                  sx={{
                    mx: 1,
                    my: 0.125,
                    minHeight: 34,
                    px: collapsed ? 0 : 1.25,
                    justifyContent: collapsed ? 'center' : 'flex-start',
                    '&.Mui-selected': { color: 'primary.main', fontWeight: 700 },
                  }}
                >
                  <ListItemIcon
                    sx={{ minWidth: 0, marginInlineEnd: collapsed ? 0 : 1.25, color: 'inherit' }}
                  >
                    <AppIcon name={item.icon} />
                    {/* A count set by a feature (navBadgesState), e.g. transfers waiting for this branch. */}
                    {(badges[item.link] ?? 0) > 0 && (
                      <Box
                        component="span"
                        data-testid={`nav-badge-${item.link}`}
                        sx={{
                          position: 'absolute',
                          insetBlockStart: 2,
                          insetInlineStart: collapsed ? 'calc(50% + 4px)' : 22,
                          minInlineSize: 16,
                          blockSize: 16,
                          px: 0.5,
                          borderRadius: 8,
                          bgcolor: 'error.main',
                          color: 'error.contrastText',
                          fontSize: 10,
                          fontWeight: 700,
                          lineHeight: '16px',
                          textAlign: 'center',
                        }}
                      >
                        {Math.min(badges[item.link], 99)}
                      </Box>
                    )}
                  </ListItemIcon>
                  {!collapsed && (
                    <ListItemText
                      primary={label}
                      slotProps={{
                        primary: {
                          noWrap: true,
                          sx: { fontSize: 13, fontWeight: selected ? 700 : 500 },
                        },
                      }}
                    />
                  )}
                </ListItemButton>
              );
              return (
                <Box component="li" key={item.link} sx={{ listStyle: 'none' }}>
                  {button}
                </Box>
              );
            })}
          </List>
        ))}
      </Box>
    </Box>
  );
}
