// A small disk that a test really fills (decisions 110, 118): a tmpfs of a few MB mounted on a
// folder, and a ballast file taking every free byte of it. Mounting needs root with CAP_SYS_ADMIN
// (the tests run as root in CI); where it is refused, the test that needs it is skipped and says why.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export type SmallDisk = {
  /** Takes every free byte with a ballast file. */
  fill: () => void;
  /** Removes the ballast: the space is back. */
  free: () => void;
  unmount: () => void;
};

/** Mounts a tmpfs of `megabytes` on `dir` (owned by postgres when we are root); the refusal's reason when it cannot. */
export function mountSmallDisk(dir: string, megabytes: number): SmallDisk | string {
  try {
    execFileSync('/usr/bin/mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return (e as { stderr?: Buffer }).stderr?.toString().trim() || String(e);
  }
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const ballast = path.join(dir, 'ballast');
  return {
    fill: () => {
      const free = Number(execFileSync('df', ['--output=avail', '-B1', dir]).toString().split('\n')[1].trim());
      execFileSync('/usr/bin/fallocate', ['-l', String(free), ballast]);
    },
    free: () => rmSync(ballast, { force: true }),
    unmount: () => execFileSync('/usr/bin/umount', ['-l', dir]),
  };
}
