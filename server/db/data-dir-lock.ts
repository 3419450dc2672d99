// PGlite keeps its data in a directory that only one process may open.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * PGlite is a single-process database: two servers on one directory would corrupt it. A lock file
 * with the owner's pid and command line refuses the second one; a lock left by a dead process, or
 * whose pid now belongs to another program (after a reboot), is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, cmdline: commandLine(process.pid) }));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLock(lockFile);
      const pid = owner?.pid;
      if (pid && pid !== process.pid && isAlive(pid) && commandLine(pid) === owner.cmdline) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another server process (pid ${pid}). ` +
            'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}`);
}

function readLock(lockFile: string): { pid: number; cmdline: string | null } | undefined {
  try {
    const text = readFileSync(lockFile, 'utf8');
    // Locks written before the command line was kept hold only the pid: its owner was a server if
    // that pid still runs Node.
    if (/^\d+$/.test(text.trim())) {
      const current = commandLine(Number(text));
      return { pid: Number(text), cmdline: current === null || current.includes('node') ? current : '' };
    }
    const parsed = JSON.parse(text) as { pid?: unknown; cmdline?: unknown };
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, cmdline: typeof parsed.cmdline === 'string' ? parsed.cmdline : null };
  } catch {
    return undefined;
  }
}

/** The process's command line where /proc has it; null elsewhere, where only liveness is known. */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
