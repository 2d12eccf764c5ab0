import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DisplaySlideshow } from './DisplaySlideshow';

/**
 * Nothing in the cart: the store's images one after another with a welcome under them
 * (docs/decisions/0129), or, without images, the store's logo (or its name) on a calm background.
 */
export function DisplayIdle({
  name,
  logo,
  slides,
}: {
  name: string;
  logo: string | null;
  slides: string[];
}) {
  const { t } = useTranslation('display');
  if (slides.length)
    return (
      <Box
        data-testid="display-idle"
        data-slides={slides.length}
        sx={{ flex: 1, position: 'relative', bgcolor: 'background.default' }}
      >
        <DisplaySlideshow slides={slides} alt={(n) => t('idle.slide', { n, name })} />
        <Box
          sx={(theme) => ({
            position: 'absolute',
            insetInline: 0,
            insetBlockEnd: 0,
            py: 2,
            px: 4,
            textAlign: 'center',
            bgcolor: alpha(theme.palette.background.paper, 0.82),
            borderBlockStart: 1,
            borderColor: 'divider',
          })}
        >
          <Typography sx={{ fontSize: 'clamp(1.25rem, 2.6vw, 2rem)', fontWeight: 700 }}>
            {t('idle.welcome')}
          </Typography>
        </Box>
      </Box>
    );
  return (
    <Stack
      data-testid="display-idle"
      data-slides={0}
      sx={(theme) => ({
        flex: 1,
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 4,
        textAlign: 'center',
        background: `radial-gradient(circle at 50% 40%, ${alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.25 : 0.12)}, transparent 70%)`,
      })}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={name}
          sx={{ maxBlockSize: '40vh', maxInlineSize: '70vw', objectFit: 'contain' }}
        />
      ) : (
        <Typography
          sx={{ fontSize: 'clamp(2.5rem, 7vw, 5.5rem)', fontWeight: 800, color: 'primary.main' }}
          data-testid="display-store-name"
        >
          {name}
        </Typography>
      )}
      <Typography sx={{ fontSize: 'clamp(1.5rem, 3.5vw, 2.75rem)', fontWeight: 600 }}>
        {t('idle.welcome')}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 'clamp(1rem, 2vw, 1.5rem)' }}>
        {t('idle.hint')}
      </Typography>
    </Stack>
  );
}
