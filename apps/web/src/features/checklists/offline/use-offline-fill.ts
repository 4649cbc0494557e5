import {
  type Answers,
  type Checklist,
  type ChecklistInstance,
  computeResults,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useEffect, useRef, useState } from 'react';
import { isApiError, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
import { getInstance } from '../api/get-instance.ts';
import { saveInstance } from '../api/save-instance.ts';
import { dropFill, keepFill, loadFill } from './offline-store.ts';

const RETRY_MS = 5000;

export type FillDraft = { answers: Answers; done: boolean };

/** A sync that met a newer server state: both sides, for the user to choose per field. */
export type OfflineConflict = { server: ChecklistInstance; mine: FillDraft };

/**
 * The offline mode of the checklist viewer (decision 059). Every unsaved change is kept in IndexedDB with
 * the server state it was typed on; a save without a connection is queued and sent when the browser is
 * online again (with `offline: true`). A newer server state answers OFFLINE_CONFLICT: the hook then loads
 * it and hands both sides to the page — nothing is overwritten until the user has chosen.
 */
export function useOfflineFill(input: {
  employeeId: number;
  checklist: Checklist;
  base: ChecklistInstance;
  draft: FillDraft;
  dirty: boolean;
  online: boolean;
  restore: (draft: FillDraft) => void;
  onSynced: (fresh: ChecklistInstance) => void;
}) {
  const { employeeId, checklist, base, draft, dirty, online } = input;
  const [queued, setQueued] = useState(false);
  const [conflict, setConflict] = useState<OfflineConflict | null>(null);
  const [syncError, setSyncError] = useState<unknown>(null);
  const [syncing, setSyncing] = useState(false);
  const [restored, setRestored] = useState(false);
  /** The server state the kept answers were typed on (null: the current base). */
  const [origin, setOrigin] = useState<{ version: number; answers: Answers } | null>(null);
  /** When the last automatic sync started; a failing network is retried every RETRY_MS, not in a loop. */
  const lastAttempt = useRef(0);
  const [, setRetryTick] = useState(0);
  const latest = useRef(input);
  latest.current = input;

  // Restore a fill kept on this device (after a reload or a crash).
  useEffect(() => {
    let stop = false;
    void loadFill(employeeId, checklist.id, base.id)
      .then((kept) => {
        if (stop || !kept) return;
        setOrigin({ version: kept.baseVersion, answers: kept.baseAnswers });
        latest.current.restore({ answers: kept.answers, done: kept.done });
        setQueued(kept.queued);
      })
      .finally(() => {
        if (!stop) setRestored(true);
      });
    return () => {
      stop = true;
    };
  }, [employeeId, checklist.id, base.id]);

  // Keep every unsaved change on the device; forget it once stored on the server.
  useEffect(() => {
    if (!restored) return;
    if (!dirty && !queued) {
      void dropFill(employeeId, checklist.id, base.id);
      return;
    }
    void keepFill({
      employeeId,
      checklistId: checklist.id,
      instanceId: base.id,
      baseVersion: origin?.version ?? base.version,
      baseAnswers: origin?.answers ?? base.answers,
      answers: draft.answers,
      done: draft.done,
      queued,
    });
  }, [restored, dirty, queued, draft, origin, employeeId, checklist.id, base]);

  const finish = async (fresh: ChecklistInstance) => {
    await dropFill(employeeId, checklist.id, base.id);
    lastAttempt.current = 0;
    setQueued(false);
    setOrigin(null);
    setConflict(null);
    setSyncError(null);
    latest.current.onSynced(fresh);
  };

  async function send(answers: Answers, done: boolean, version: number, offline: boolean) {
    setSyncing(true);
    try {
      const fresh = await saveInstance(checklist.id, base.id, {
        version,
        answers,
        results: computeResults(checklist, answers),
        status: done ? 'done' : 'undone',
        offline,
      });
      await finish(fresh);
    } catch (error) {
      if (isApiError(error) && (error.code === 'OFFLINE_CONFLICT' || error.code === 'CONFLICT')) {
        const server = await getInstance(checklist.id, base.id);
        setConflict({ server, mine: { answers, done } });
      } else if (isApiError(error) && error.code === NETWORK_ERROR_CODE) {
        setTimeout(() => setRetryTick((n) => n + 1), RETRY_MS);
      } else {
        setQueued(false);
        setSyncError(error);
      }
    } finally {
      setSyncing(false);
    }
  }

  // Back online: send what was queued, on the server state it was typed on.
  useEffect(() => {
    if (!online || !queued || syncing || conflict) return;
    if (Date.now() - lastAttempt.current < RETRY_MS) return;
    lastAttempt.current = Date.now();
    const { draft: d, base: b } = latest.current;
    void send(d.answers, d.done, origin?.version ?? b.version, true);
  });

  return {
    queued,
    conflict,
    syncError,
    syncing,
    /** Saving without a connection (or after a network failure): keep and send later. */
    queue() {
      lastAttempt.current = 0;
      if (!origin) setOrigin({ version: base.version, answers: base.answers });
      setSyncError(null);
      setQueued(true);
    },
    /** The user's choice per field after a conflict: saved on the newest server version. */
    async resolve(answers: Answers, done: boolean) {
      if (!conflict) return;
      latest.current.restore({ answers, done });
      setOrigin({ version: conflict.server.version, answers: conflict.server.answers });
      setConflict(null);
      await send(answers, done, conflict.server.version, false);
    },
  };
}
