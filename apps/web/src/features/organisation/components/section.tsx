import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled group of fields in an organisation record, with an optional hint and action button. */
export function Section({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {hint}
        </Typography>
      ) : null}
      {children}
    </Stack>
  );
}
