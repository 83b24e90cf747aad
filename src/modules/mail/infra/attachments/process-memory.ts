import { readFile } from 'node:fs/promises';

/**
 * The resident memory of a process, from Linux's /proc; null elsewhere or once it is gone. A child's
 * `--max-old-space-size` bounds only its JavaScript heap: PDF.js and inflate buffers live outside it,
 * so the reader watches the whole process instead.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
