import { readFileSync, readdirSync } from 'node:fs';

/** This process's children running the image process (image-process.ts). */
export function imageProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('image-process-main');
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
