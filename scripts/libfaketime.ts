// Debian's libfaketime (package faketime), for processes started on a shifted clock: the refresh
// benchmark's next days and the cluster test's 02:00. Preloaded with FAKETIME="+Nd" (an offset), each
// process keeps its own pid, so its memory can be measured.
import fs from 'node:fs';
import path from 'node:path';

export function findLibfaketime(): string | undefined {
  const dirs = ['/usr/lib/faketime', '/usr/local/lib/faketime'];
  for (const lib of fs.existsSync('/usr/lib') ? fs.readdirSync('/usr/lib') : []) dirs.push(path.join('/usr/lib', lib, 'faketime'));
  return dirs.map((dir) => path.join(dir, 'libfaketime.so.1')).find((file) => fs.existsSync(file));
}
