import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import {
  detailErrorStatus,
  errorStatusCode,
  errorStatusMessageKey,
} from '../shared/lib/errorStatus';
import { isBotUserAgent } from '../shared/lib/windowErrors';
import { documentTitleOverrideState } from '../shared/state';

/** Error page (spec §2): 404 by default ('الصفحة غير موجودة'); not rendered for bots. */
export function ErrorPage({
  statusCode = 404,
  embedded = false,
}: {
  statusCode?: number;
  /** Inside the dashboard layout (a detail page) rather than the whole window. */
  embedded?: boolean;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const setTitle = useSetAtom(documentTitleOverrideState);
  const message = t(errorStatusMessageKey(statusCode));
  useEffect(() => {
    setTitle(message);
    return () => setTitle(null);
  }, [message, setTitle]);
  if (isBotUserAgent(navigator.userAgent)) return null;
  return (
    <Box
      data-testid="error-page"
      sx={{
        minHeight: embedded ? '60vh' : '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'background.default',
        textAlign: 'center',
      }}
    >
      <Box sx={{ maxWidth: 520, display: 'grid', gap: 1.5, justifyItems: 'center' }}>
        <Typography
          data-testid="error-status"
          sx={{ fontSize: 88, fontWeight: 800, lineHeight: 1, color: 'primary.main', opacity: 0.9 }}
        >
          {statusCode}
        </Typography>
        <Typography variant="h2" data-testid="error-message">
          {message}
        </Typography>
        <Typography color="text.secondary" data-testid="error-description">
          {t('error.description')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            variant="contained"
            size="medium"
            onClick={() => navigate('/', { replace: true })}
          >
            {t('error.home')}
          </Button>
          <Button variant="outlined" size="medium" onClick={() => navigate(-1)}>
            {t('error.back')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** The router's error boundary: a crash is a 500 with its own status message, not "not found". */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage statusCode={errorStatusCode(error)} />;
}

/** A detail route's error element: its record is unknown or malformed (404) or refused (403). */
export function DetailErrorPage() {
  const error = useRouteError();
  return <ErrorPage statusCode={detailErrorStatus(error) ?? errorStatusCode(error)} embedded />;
}
