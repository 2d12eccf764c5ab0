import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { prettyJson } from '../lib/eta';

/** The JSON sent to ETA in its panel, indented for reading without changing its text. */
export function EtaJson(props: {
  json: string;
  title: string;
  testId: string;
  action?: ReactNode;
}) {
  const pretty = useMemo(() => prettyJson(props.json), [props.json]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        aria-label={props.title}
        data-testid={props.testId}
        sx={{
          m: 0,
          p: 1.5,
          maxBlockSize: 520,
          overflow: 'auto',
          textAlign: 'left',
          fontSize: 12,
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          color: 'text.primary',
          borderRadius: 1,
          whiteSpace: 'pre',
        }}
      >
        {pretty}
      </Box>
    </Paper>
  );
}
