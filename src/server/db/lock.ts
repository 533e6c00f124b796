import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes and two processes on one data directory corrupt it,
 * so the app takes an exclusive lock file holding its pid. A lock whose process is gone is stale and taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'artchip.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
            'Stop that process, or give this one its own DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
