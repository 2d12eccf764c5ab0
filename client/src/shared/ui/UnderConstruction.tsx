import Construction from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The plain panel shown by every route whose page a later issue builds. */
export function UnderConstruction() {
  const { t } = useTranslation('shell');
  return (
    <Paper
      variant="outlined"
      data-testid="under-construction"
      sx={{ p: 4, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }}
    >
      <Construction color="disabled" sx={{ fontSize: 40 }} />
      <Typography variant="h5">{t('underConstruction.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('underConstruction.body')}
      </Typography>
    </Paper>
  );
}
