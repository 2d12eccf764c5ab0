import Close from '@mui/icons-material/Close';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import Search from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Fade from '@mui/material/Fade';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NAV_SECTIONS, routePath, searchNav } from '@pos/contracts';
import { useAtom } from 'jotai';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { moveSelection } from '../../shared/lib/searchKeys';
import { searchOpenState } from '../../shared/state';
import { AppIcon } from '../../shared/ui/AppIcon';
import { useNavContext } from '../../shared/lib/useNav';

export const SEARCH_FADE = { enter: 300, exit: 200 } as const;

export default function SearchOverlay() {
  const { t } = useTranslation(['shell', 'nav']);
  const [open, setOpen] = useAtom(searchOpenState);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const navigate = useNavigate();
  const ctx = useNavContext();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The WAI-ARIA combobox pattern: the input owns the listbox and points at the selected option.
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const groups = useMemo(
    () => searchNav(query, NAV_SECTIONS, ctx, (key) => t(key)),
    [query, ctx, t],
  );
  const flat = useMemo(
    () => groups.flatMap((g) => g.items.map((item) => ({ item, section: g.section }))),
    [groups],
  );

  // Opening resets the query and selection and focuses the input.
  useEffect(() => {
    if (!open) return;
    // The overlay stays mounted for its fade-out; each opening starts from a clean state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQuery('');
    setSelected(0);
  }, [open]);

  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${selected}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const close = () => setOpen(false);
  const go = (index: number) => {
    const target = flat[index];
    if (!target) return;
    setOpen(false);
    navigate(routePath(target.item.link));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((i) => moveSelection(i, e.key === 'ArrowDown' ? 1 : -1, flat.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(selected);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onClose={close}
      closeAfterTransition
      slotProps={{
        backdrop: { transitionDuration: SEARCH_FADE, sx: { backdropFilter: 'blur(2px)' } },
      }}
    >
      <Fade in={open} timeout={SEARCH_FADE} onEntered={() => inputRef.current?.focus()}>
        <Paper
          role="dialog"
          aria-modal="true"
          aria-label={t('search.title')}
          data-testid="search-overlay"
          onKeyDown={onKeyDown}
          sx={{
            position: 'absolute',
            top: '12vh',
            insetInline: 0,
            marginInline: 'auto',
            width: 'min(640px, calc(100vw - 24px))',
            outline: 'none',
            overflow: 'hidden',
            boxShadow: 12,
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Search color="action" />
            <InputBase
              inputRef={inputRef}
              autoFocus
              fullWidth
              value={query}
              placeholder={t('search.placeholder')}
              onChange={(e) => {
                setQuery(e.target.value);
                setSelected(0);
              }}
              inputProps={{
                'aria-label': t('search.placeholder'),
                'data-testid': 'search-input',
                role: 'combobox',
                'aria-autocomplete': 'list',
                'aria-expanded': flat.length > 0,
                'aria-controls': listboxId,
                'aria-activedescendant': flat[selected] ? optionId(selected) : undefined,
                autoComplete: 'off',
              }}
              sx={{ fontSize: 16 }}
            />
            <IconButton aria-label={t('search.close')} onClick={close} data-testid="search-close">
              <Close fontSize="small" />
            </IconButton>
          </Box>

          <Box
            ref={listRef}
            id={listboxId}
            role={flat.length > 0 ? 'listbox' : undefined}
            aria-label={flat.length > 0 ? t('search.title') : undefined}
            sx={{ maxHeight: '24rem', overflowY: 'auto', py: 0.5 }}
            data-testid="search-results"
          >
            {flat.length === 0 ? (
              <Box
                sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}
                data-testid="search-empty"
              >
                <SearchOff sx={{ fontSize: 40, opacity: 0.5 }} />
                <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {t('search.empty')}
                </Typography>
                <Typography variant="body2">{t('search.emptyHint')}</Typography>
              </Box>
            ) : (
              groups.map((group) => (
                <Box
                  key={group.section.label}
                  role="group"
                  aria-labelledby={`${baseId}-${group.section.label}`}
                  data-testid="search-group"
                >
                  <Box
                    role="presentation"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      px: 2,
                      pt: 1,
                      pb: 0.5,
                      color: 'text.secondary',
                      fontSize: 12,
                      fontWeight: 700,
                    }}
                  >
                    <span id={`${baseId}-${group.section.label}`} data-testid="search-group-label">
                      {t(group.section.label)}
                    </span>
                    <Chip
                      size="small"
                      label={group.items.length}
                      aria-hidden
                      data-testid="search-group-count"
                      sx={{ height: 18, fontSize: 11 }}
                    />
                  </Box>
                  {group.items.map((item) => {
                    index += 1;
                    const i = index;
                    const active = i === selected;
                    return (
                      <Box
                        key={item.link}
                        id={optionId(i)}
                        data-index={i}
                        data-link={item.link}
                        data-selected={active ? 'true' : 'false'}
                        role="option"
                        aria-selected={active}
                        // Only a real mouse move selects (not a row appearing under a resting cursor).
                        onMouseMove={() => i !== selected && setSelected(i)}
                        onClick={() => go(i)}
                        sx={{
                          display: 'flex',
                          alignItems: 'center',
                          gap: 1.5,
                          mx: 1,
                          px: 1.5,
                          py: 0.75,
                          borderRadius: 1,
                          cursor: 'pointer',
                          bgcolor: active ? 'action.selected' : 'transparent',
                        }}
                      >
                        <Box
                          sx={{
                            display: 'flex',
                            color: active ? 'primary.main' : 'text.secondary',
                          }}
                        >
                          <AppIcon name={item.icon} />
                        </Box>
                        <Typography
                          data-testid="search-row-label"
                          sx={{ flex: 1, fontWeight: active ? 700 : 500 }}
                        >
                          {t(item.label)}
                        </Typography>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          aria-hidden
                          data-testid="search-row-section"
                        >
                          {t(group.section.label)}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              ))
            )}
          </Box>

          <Box
            data-testid="search-footer"
            sx={{
              display: 'flex',
              gap: 2,
              px: 2,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              color: 'text.secondary',
              fontSize: 12,
              bgcolor: 'action.hover',
            }}
          >
            <Hint
              keys={[
                <KeyboardArrowUp key="u" fontSize="inherit" />,
                <KeyboardArrowDown key="d" fontSize="inherit" />,
              ]}
              label={t('search.hintNavigate')}
            />
            <Hint
              keys={[<KeyboardReturn key="e" fontSize="inherit" />]}
              label={t('search.hintGo')}
            />
            <Hint keys={['Esc']} label={t('search.hintClose')} />
          </Box>
        </Paper>
      </Fade>
    </Modal>
  );
}

function Hint({ keys, label }: { keys: ReactNode[]; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {keys.map((k, i) => (
        <Box
          key={i}
          component="kbd"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            px: 0.5,
            minWidth: 20,
            height: 20,
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 0.5,
            bgcolor: 'background.paper',
            fontFamily: 'inherit',
            fontSize: 11,
          }}
        >
          {k}
        </Box>
      ))}
      <span>{label}</span>
    </Box>
  );
}
