import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSION_GROUPS, PERMISSION_MODULES, type PermissionKey } from '@pos/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The permission keys in the spec's groups, each group ticked at once or key by key (a role's
 * page, an API key's form); `onTick` turns keys on or off.
 */
export function PermissionGroups({
  selected,
  onTick,
}: {
  selected: ReadonlySet<PermissionKey>;
  onTick: (keys: PermissionKey[], on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('roles');
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {PERMISSION_GROUPS.map(({ group, keys }) => {
        const count = keys.filter((key) => selected.has(key)).length;
        const all = count === keys.length;
        return (
          <Paper key={group} variant="outlined" sx={{ p: 1.5 }} data-testid={`perm-group-${group}`}>
            <Stack
              direction="row"
              sx={{
                alignItems: 'center',
                justifyContent: 'space-between',
                borderBlockEnd: 1,
                borderColor: 'divider',
                pb: 0.5,
                mb: 0.5,
              }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={all}
                    indeterminate={count > 0 && !all}
                    onChange={(e) => onTick(keys, e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': `${t('edit.selectAllGroup')}: ${t(`groups.${group}`)}`,
                      } as never,
                    }}
                  />
                }
                label={
                  <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                    {t(`groups.${group}`)}
                  </Typography>
                }
                title={t('edit.selectAllGroup')}
              />
              <Typography variant="caption" color="text.secondary">
                {t('edit.groupCount', { count, total: keys.length })}
              </Typography>
            </Stack>
            <FormGroup>
              {keys.map((key) => {
                const modules = PERMISSION_MODULES[key];
                return (
                  <FormControlLabel
                    key={key}
                    sx={{ marginInlineStart: 1.5 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(key)}
                        onChange={(e) => onTick([key], e.target.checked)}
                        slotProps={{ input: { 'data-permission': key } as never }}
                      />
                    }
                    label={
                      <Box>
                        <Typography variant="body2">{t(`permissions.${key}`)}</Typography>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          dir="ltr"
                          component="div"
                          sx={{ textAlign: 'start' }}
                        >
                          {key}
                        </Typography>
                        {modules && (
                          <Typography variant="caption" color="warning.main" component="div">
                            {t('edit.moduleHint', {
                              // Spec §5: at least one of the modules must be on.
                              module: new Intl.ListFormat(i18n.language, {
                                type: 'disjunction',
                              }).format(modules.map((m) => t(`modules.${m}`))),
                            })}
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                );
              })}
            </FormGroup>
          </Paper>
        );
      })}
    </Box>
  );
}
