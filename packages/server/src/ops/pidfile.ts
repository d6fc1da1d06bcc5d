import fs from 'node:fs';
import path from 'node:path';

/** The running server's marker beside its SQLite file (restore refuses while it names a live process). */
function pidFilePath(dataDir: string): string {
  return path.join(dataDir, 'moneybox.pid');
}

export function writePidFile(dataDir: string): () => void {
  const file = pidFilePath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

/** The pid of a live server on this data directory, or undefined (no file, or a stale one after a crash). */
export function runningServer(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFilePath(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive but someone else's; ESRCH: gone.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
