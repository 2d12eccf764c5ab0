import Logout from '@mui/icons-material/Logout';
import Key from '@mui/icons-material/KeyOutlined';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Menu from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Search from '@mui/icons-material/Search';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MuiMenu from '@mui/material/Menu';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { routePath } from '@pos/contracts';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { signOut } from '../../shared/api/auth';
import { handleError } from '../../shared/api/handleError';
import { applyWaitingWorker } from '../../shared/lib/pwaUpdate';
import { ConnectionIndicator } from '../../shared/realtime';
import {
  currentBranchState,
  mobileDrawerOpenState,
  optionsMenuOpenState,
  searchOpenState,
  sessionState,
  sessionUserState,
  sidebarCollapsedState,
} from '../../shared/state';
import { PendingLoad } from '../LoadingBar';
import { NeedsNetwork, OfflineIndicator } from './OfflineNotice';
import { LocaleSwitcher, ThemeSwitcher } from './SettingsMenus';
import { SIDEBAR_WIDTH, SidebarContent } from './Sidebar';

// Password change and two-step sign-in (issue 11): a dialog loaded on first use.
const AccountDialog = lazy(() =>
  import('../../features/account').then((m) => ({ default: m.AccountDialog })),
);

/**
 * Focuses the main region. It is focusable only while it holds the focus: a permanent tabindex
 * would make every click on the page's background move the focus to it (which broke the
 * categories' drag and drop).
 */
function focusMain(main: HTMLElement | null) {
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus({ preventScroll: true });
}

/** How long after a navigation the focus is watched and put back if it falls to <body>. */
const WATCH_MS = 10_000;

/**
 * After sign-in and after each navigation the focus moves to the new page's main heading (or the
 * main region while the page has none), so a keyboard or screen-reader user starts on the page,
 * not on <body> or on the link they left. A page that focuses a field itself (the POS box) keeps it.
 */
function useFocusOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const location = useLocation();
  useEffect(() => {
    let tries = 0;
    let timer = 0;
    const started = Date.now();
    // After the focus is placed, a part of the page that loads later (a lazy card suspending the
    // page, a slow machine) can take it away to <body>: watch for a while and put it back.
    const watch = () => {
      if (Date.now() - started > WATCH_MS) return;
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) attempt();
        else watch();
      }, 200);
    };
    const attempt = () => {
      const main = mainRef.current;
      // The layout may not have drawn its main region yet (right after sign-in): look again.
      if (!main) {
        if (++tries < 30) timer = window.setTimeout(attempt, 100);
        return;
      }
      const active = document.activeElement as HTMLElement | null;
      // The page focused something of its own: leave it there.
      if (active && active !== main && main.contains(active)) return watch();
      // A dialog (the low-stock warning after sign-in) or a menu holds the focus: leave it there,
      // and look again once it has closed — its focus would otherwise fall back to <body>.
      if (active?.closest('[role="dialog"], [role="menu"]')) {
        timer = window.setTimeout(attempt, 100);
        return;
      }
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        // A page hidden for a moment (a part of it suspended) cannot take the focus: look again.
        if (document.activeElement === heading) return watch();
      }
      // A lazy page or its data may still be loading: look again for a while, then take the region.
      if (++tries < 30) timer = window.setTimeout(attempt, 100);
      else {
        focusMain(main);
        watch();
      }
    };
    // Once the person acts (a click, a key) outside a dialog the focus is theirs: stop looking.
    const stop = (e?: Event) => {
      if (e?.target instanceof Element && e.target.closest('[role="dialog"], [role="menu"]'))
        return;
      window.clearTimeout(timer);
    };
    timer = window.setTimeout(attempt, 0);
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    return () => {
      stop();
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
  }, [location.pathname, mainRef]);
}

/** The user menu's commands: the account dialog's two views, then signing out. */
const ACTIONS = [
  { testId: 'change-password', label: 'user.changePassword', Icon: Key, view: 'password' },
  { testId: 'two-factor', label: 'user.twoFactor', Icon: PhonelinkLock, view: 'twoFactor' },
  { testId: 'sign-out', label: 'user.signOut', Icon: Logout, view: null },
] as const;

function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(sessionUserState);
  const branch = useAtomValue(currentBranchState);
  const setSession = useSetAtom(sessionState);
  const [open, setOpen] = useAtom(optionsMenuOpenState);
  // The menu anchors to the button; kept in state (refs are not read during render).
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const navigate = useNavigate();
  const [accountView, setAccountView] = useState<'password' | 'twoFactor' | null>(null);
  if (!user) return null;
  const onSignOut = async () => {
    try {
      await signOut('/login');
      setSession({ status: 'unauthenticated', user: null });
      navigate('/login', { replace: true });
    } catch (err) {
      handleError(err, { toast: true, general: true });
    }
  };
  return (
    <>
      <ButtonBase
        ref={setAnchor}
        onClick={() => setOpen(true)}
        data-testid="user-menu"
        // Named by what it shows (the user and branch, WCAG 2.5.3); announced as a menu button.
        aria-haspopup="menu"
        aria-expanded={open}
        sx={{ borderRadius: 2, px: 0.75, py: 0.5, gap: 1 }}
      >
        <Avatar sx={{ width: 28, height: 28, fontSize: 13, bgcolor: 'primary.main' }}>
          {(user.name || user.username).slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ textAlign: 'start', display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Typography sx={{ fontSize: 13, fontWeight: 700 }} noWrap>
            {user.name || user.username}
          </Typography>
          {branch && (
            <Typography sx={{ fontSize: 11, color: 'text.secondary' }} noWrap>
              {branch.name}
            </Typography>
          )}
        </Box>
      </ButtonBase>
      <MuiMenu anchorEl={anchor} open={open} onClose={() => setOpen(false)}>
        {[
          { Icon: PersonOutline, text: user.username },
          ...(branch ? [{ Icon: StorefrontOutlined, text: branch.name }] : []),
        ].map(({ Icon, text }, i) => (
          <MenuItem key={i} dense disabled>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {text}
          </MenuItem>
        ))}
        <Divider />
        {ACTIONS.map(({ testId, label, Icon, view }) => (
          <MenuItem
            key={testId}
            dense
            onClick={() => {
              setOpen(false);
              if (view) setAccountView(view);
              else void onSignOut();
            }}
            data-testid={testId}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {t(label)}
          </MenuItem>
        ))}
      </MuiMenu>
      {accountView && (
        <Suspense fallback={null}>
          <AccountDialog view={accountView} onClose={() => setAccountView(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The dashboard layout: sidebar, top bar, page. */
export function DashboardLayout() {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedState);
  const [mobileOpen, setMobileOpen] = useAtom(mobileDrawerOpenState);
  const setOptionsOpen = useSetAtom(optionsMenuOpenState);
  const setSearchOpen = useSetAtom(searchOpenState);
  const location = useLocation();
  const startedOffline = useAtomValue(sessionState).offline === true;
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);

  // After each page load the navigation drawer and options menu close (spec §2).
  useEffect(() => {
    setMobileOpen(false);
    setOptionsOpen(false);
  }, [location.pathname, setMobileOpen, setOptionsOpen]);
  // A new build waiting (issue 32): taken at a navigation outside the till (the till takes it itself).
  useEffect(() => {
    if (location.pathname !== routePath('POS')) void applyWaitingWorker();
  }, [location.pathname]);

  const width = collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;
  const [platformMac] = useState(() => /Mac|iPhone|iPad/.test(navigator.platform));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          focusMain(mainRef.current);
        }}
        sx={{
          position: 'fixed',
          insetBlockStart: 8,
          insetInlineStart: 8,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 700,
          boxShadow: 4,
          // Off screen until focused by the keyboard.
          transform: 'translateY(-200%)',
          '&:focus': { transform: 'none' },
        }}
      >
        {t('a11y.skipToContent')}
      </Box>
      {desktop ? (
        <Box
          component="aside"
          sx={{
            width,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            bgcolor: 'background.paper',
            borderInlineEnd: 1,
            borderColor: 'divider',
            transition: theme.transitions.create('width', {
              duration: theme.transitions.duration.shorter,
            }),
          }}
        >
          <SidebarContent collapsed={collapsed} />
        </Box>
      ) : (
        <Drawer
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH.expanded } } }}
        >
          <SidebarContent collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar variant="dense" sx={{ gap: 1, minHeight: 52, px: { xs: 1, sm: 1.5 } }}>
            <IconButton
              aria-label={t('sidebar.toggle')}
              data-testid="sidebar-toggle"
              aria-expanded={desktop ? !collapsed : mobileOpen}
              onClick={() => (desktop ? setCollapsed(!collapsed) : setMobileOpen(true))}
            >
              {desktop && !collapsed ? (
                // The icon points to the sidebar's side: mirrored by CSS under dir=rtl.
                <MenuOpen fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
              ) : (
                <Menu fontSize="small" />
              )}
            </IconButton>
            <ButtonBase
              onClick={() => setSearchOpen(true)}
              data-testid="search-button"
              // The accessible name is the visible label (WCAG 2.5.3); the shortcut is announced apart.
              aria-haspopup="dialog"
              aria-keyshortcuts={platformMac ? 'Meta+S' : 'Control+S'}
              sx={{
                flex: { xs: 1, sm: '0 1 340px' },
                justifyContent: 'flex-start',
                gap: 1,
                px: 1.25,
                height: 34,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                color: 'text.secondary',
                bgcolor: 'action.hover',
                fontSize: 13,
              }}
            >
              <Search fontSize="small" />
              <Box component="span" sx={{ flex: 1, textAlign: 'start' }}>
                {t('search.button')}
              </Box>
              <Box
                component="kbd"
                aria-hidden
                sx={{
                  fontFamily: 'inherit',
                  fontSize: 11,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  px: 0.5,
                  display: { xs: 'none', sm: 'block' },
                }}
              >
                {platformMac ? '⌘ S' : 'Ctrl S'}
              </Box>
            </ButtonBase>
            <Box sx={{ flex: 1 }} />
            <OfflineIndicator />
            <ConnectionIndicator />
            <ThemeSwitcher />
            <LocaleSwitcher />
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          ref={mainRef}
          sx={{
            flex: 1,
            p: { xs: 1.5, md: 2 },
            minWidth: 0,
            '&:focus:not(:focus-visible)': { outline: 'none' },
          }}
          data-testid="page"
        >
          <Suspense fallback={<PendingLoad />}>
            {/* Started offline (issue 32): only the till works without the server. */}
            {startedOffline && location.pathname !== routePath('POS') ? (
              <NeedsNetwork />
            ) : (
              <Outlet />
            )}
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
