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
      <Stack
        data-testid="display-idle"
        data-slides={slides.length}
        sx={{ flex: 1, minBlockSize: 0, bgcolor: 'background.default' }}
      >
        <Box sx={{ flex: 1, minBlockSize: 0, position: 'relative' }}>
          <DisplaySlideshow slides={slides} alt={(n) => t('idle.slide', { n, name })} />
        </Box>
        <Typography
          sx={{
            py: 1.5,
            px: 4,
            textAlign: 'center',
            fontSize: 'clamp(1.25rem, 2.6vw, 2rem)',
            fontWeight: 700,
            bgcolor: 'background.paper',
            borderBlockStart: 1,
            borderColor: 'divider',
          }}
        >
          {t('idle.welcome')}
        </Typography>
      </Stack>
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
