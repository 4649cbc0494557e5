import type { ScormVersion } from '@schutzwerk/shared/instructions/scorm.schema.ts';

/**
 * Reading and writing the parts of a SCORM `cmi` object the application keeps (decision 068). The runtime
 * (scorm-again) sends its `cmi` as nested JSON without the `cmi.` prefix: SCORM 1.2 `core.lesson_status`,
 * `core.score.raw`, `suspend_data` …; SCORM 2004 `completion_status`, `success_status`, `score.scaled` ….
 */
export type CmiFacts = {
  completionStatus: string | null;
  successStatus: string | null;
  scoreRaw: string | null;
  scoreScaled: string | null;
  suspendData: string | null;
  location: string | null;
  exit: string | null;
  sessionSeconds: number;
};

/** A value at a dotted path of the nested object ('' and missing as null). */
export function cmiValue(cmi: Record<string, unknown>, dotted: string): string | null {
  let node: unknown = 'cmi' in cmi && typeof cmi.cmi === 'object' ? cmi.cmi : cmi;
  for (const key of dotted.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node === 'number') return String(node);
  return typeof node === 'string' && node !== '' ? node : null;
}

/** SCORM 1.2 CMITimespan `HHHH:MM:SS(.SS)` → seconds (0 when unreadable). */
export function scorm12Seconds(value: string | null): number {
  const m = value ? /^(\d{1,4}):(\d{2}):(\d{2})(\.\d{1,2})?$/.exec(value) : null;
  if (!m) return 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** SCORM 2004 timeinterval (ISO 8601 duration, `P1DT2H3M4.5S`) → whole seconds (0 when unreadable). */
export function scorm2004Seconds(value: string | null): number {
  const m = value
    ? /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value)
    : null;
  if (!m || value === 'P' || value?.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = m.map((v) => Number(v ?? 0));
  return Math.floor(
    (y ?? 0) * 365 * 86400 +
      (mo ?? 0) * 30 * 86400 +
      (d ?? 0) * 86400 +
      (h ?? 0) * 3600 +
      (mi ?? 0) * 60 +
      (s ?? 0),
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds as the version's total_time: `HHHH:MM:SS` (1.2) or `PT#H#M#S` (2004). */
export function formatTotalTime(version: ScormVersion, seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return version === '1.2' ? `${pad(h, 4)}:${pad(m)}:${pad(s)}` : `PT${h}H${m}M${s}S`;
}

/** What the application keeps of a committed `cmi`. */
export function cmiFacts(version: ScormVersion, cmi: Record<string, unknown>): CmiFacts {
  if (version === '1.2') {
    const lesson = cmiValue(cmi, 'core.lesson_status');
    return {
      completionStatus:
        lesson === 'passed' || lesson === 'completed' || lesson === 'failed'
          ? 'completed'
          : lesson === 'not attempted'
            ? 'not attempted'
            : lesson === null
              ? null
              : 'incomplete',
      successStatus: lesson === 'passed' ? 'passed' : lesson === 'failed' ? 'failed' : null,
      scoreRaw: cmiValue(cmi, 'core.score.raw'),
      scoreScaled: null,
      suspendData: cmiValue(cmi, 'suspend_data'),
      location: cmiValue(cmi, 'core.lesson_location'),
      exit: cmiValue(cmi, 'core.exit'),
      sessionSeconds: scorm12Seconds(cmiValue(cmi, 'core.session_time')),
    };
  }
  const success = cmiValue(cmi, 'success_status');
  return {
    completionStatus: cmiValue(cmi, 'completion_status'),
    successStatus: success === 'unknown' ? null : success,
    scoreRaw: cmiValue(cmi, 'score.raw'),
    scoreScaled: cmiValue(cmi, 'score.scaled'),
    suspendData: cmiValue(cmi, 'suspend_data'),
    location: cmiValue(cmi, 'location'),
    exit: cmiValue(cmi, 'exit'),
    sessionSeconds: scorm2004Seconds(cmiValue(cmi, 'session_time')),
  };
}

/**
 * Done for the assignment: SCORM 1.2 `passed` or `completed`; SCORM 2004 `completed` and not `failed` (a package
 * that reports success needs it, one that reports only completion is done when complete).
 */
export function isDone(facts: CmiFacts): boolean {
  return facts.completionStatus === 'completed' && facts.successStatus !== 'failed';
}

/**
 * The data a new session starts with (scorm-again's `loadFromJSON` before Initialize): the learner, where the
 * last session stopped (entry `resume` when it exited with `suspend` or left suspend data), status, score and
 * the total time. Interactions and objectives are not carried over.
 */
export function resumeCmi(
  version: ScormVersion,
  saved: Pick<CmiFacts, 'suspendData' | 'location' | 'exit'> & {
    cmi: Record<string, unknown>;
    totalSeconds: number;
    completed: boolean;
  },
  learner: { id: string; name: string },
): Record<string, unknown> {
  const resume = saved.exit === 'suspend' || (!saved.completed && (saved.suspendData ?? '') !== '');
  const total = formatTotalTime(version, saved.totalSeconds);
  const keep = (value: string | null) => value ?? '';
  if (version === '1.2') {
    const score = {
      raw: keep(cmiValue(saved.cmi, 'core.score.raw')),
      min: keep(cmiValue(saved.cmi, 'core.score.min')),
      max: keep(cmiValue(saved.cmi, 'core.score.max')),
    };
    return {
      core: {
        student_id: learner.id,
        student_name: learner.name,
        lesson_location: keep(saved.location),
        lesson_status: cmiValue(saved.cmi, 'core.lesson_status') ?? 'not attempted',
        entry: resume ? 'resume' : '',
        total_time: total,
        score,
      },
      suspend_data: keep(saved.suspendData),
    };
  }
  const score: Record<string, string> = {};
  for (const key of ['scaled', 'raw', 'min', 'max']) {
    const v = cmiValue(saved.cmi, `score.${key}`);
    if (v !== null) score[key] = v;
  }
  return {
    learner_id: learner.id,
    learner_name: learner.name,
    location: keep(saved.location),
    completion_status: cmiValue(saved.cmi, 'completion_status') ?? 'unknown',
    success_status: cmiValue(saved.cmi, 'success_status') ?? 'unknown',
    entry: resume ? 'resume' : 'ab-initio',
    total_time: total,
    suspend_data: keep(saved.suspendData),
    ...(Object.keys(score).length > 0 ? { score } : {}),
  };
}
