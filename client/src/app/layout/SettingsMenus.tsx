import Check from '@mui/icons-material/Check';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Locale } from '@pos/contracts';
import { useAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, SUPPORTED_LOCALES } from '../../i18n';
import { THEME_SETTINGS, type ThemeSetting } from '../../shared/lib/themeMode';
import { themeSettingState } from '../theme/themeState';

const THEME_ICONS: Record<ThemeSetting, ReactNode> = {
  light: <LightModeOutlined fontSize="small" />,
  dark: <DarkModeOutlined fontSize="small" />,
  system: <SettingsBrightness fontSize="small" />,
  realtime: <ScheduleOutlined fontSize="small" />,
};

/** Theme switcher: light 'نهارئ', dark 'مسائي', system 'سمة النظام', realtime 'الوقت الحالي'. */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const [setting, setSetting] = useAtom(themeSettingState);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={t('theme.label')}
        title={`${t('theme.label')}: ${t(`theme.${setting}`)}`}
        data-testid="theme-switcher"
        data-theme-setting={setting}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {THEME_ICONS[setting]}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {THEME_SETTINGS.map((value) => (
          <MenuItem
            key={value}
            dense
            selected={value === setting}
            data-theme-option={value}
            onClick={() => {
              setSetting(value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{THEME_ICONS[value]}</ListItemIcon>
            <ListItemText>{t(`theme.${value}`)}</ListItemText>
            {value === setting && <Check fontSize="small" sx={{ marginInlineStart: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Locale switcher: ar / en, kept in the `locale` cookie. */
export function LocaleSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={t('locale.label')}
        title={t('locale.label')}
        data-testid="locale-switcher"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Translate fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((locale: Locale) => (
          <MenuItem
            key={locale}
            dense
            lang={locale}
            selected={i18n.language === locale}
            data-locale-option={locale}
            onClick={() => {
              setAnchor(null);
              void changeLocale(locale);
            }}
          >
            <ListItemText>{t(`locale.${locale}`)}</ListItemText>
            {i18n.language === locale && <Check fontSize="small" sx={{ marginInlineStart: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
