import fs from 'node:fs';
import path from 'node:path';

export type DirectoryLock = { path: string; release(): void };

export class DirectoryLockedError extends Error {}

/** Directories this process holds: a lock file naming our own PID but not in here is stale (PID reuse, e.g. PID 1 in containers). */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes: two processes opening one data directory corrupt it.
 * Take `<dir>/schutzwerk.lock` (O_EXCL) holding our PID; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  const lockPath = path.join(path.resolve(dir), 'schutzwerk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockPath);
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      const ours = holder === process.pid;
      if (Number.isInteger(holder) && ((ours && heldHere.has(lockPath)) || (!ours && isRunning(holder)))) {
        throw new DirectoryLockedError(
          `Das Datenverzeichnis ${dir} wird bereits vom Prozess ${holder} verwendet. ` +
            'Beenden Sie diesen Prozess oder wählen Sie mit DATA_DIR ein anderes Verzeichnis.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Die Sperrdatei ${lockPath} konnte nicht angelegt werden.`);
}
