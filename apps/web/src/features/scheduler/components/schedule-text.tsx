import Box from '@mui/material/Box';
import { describeSchedule } from '@schutzwerk/shared/scheduler/describe-schedule.ts';
import type { Schedule } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';

/** 'alle 5 Minuten' and, for cron schedules, the expression itself. */
export function ScheduleText({ schedule }: { schedule: Schedule }) {
  const words = describeSchedule(schedule);
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {words ? <span>{words}</span> : null}
      {schedule.kind === 'cron' ? (
        <Box
          component="code"
          sx={{
            fontFamily: 'monospace',
            color: words ? 'text.secondary' : 'text.primary',
            fontSize: '0.8rem',
          }}
        >
          {schedule.cron}
        </Box>
      ) : null}
    </Box>
  );
}
