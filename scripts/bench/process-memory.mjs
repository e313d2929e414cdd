import { readdirSync, readFileSync } from 'node:fs';

/** Peak resident memory (VmHWM, KB) of a process and its descendants (tsx runs the server in a child). */
export function peakRssKb(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  let max = 0;
  const visit = (pid) => {
    try {
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const exe = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Only node processes: the embedded postgres children are measured apart.
      if (hwm && exe.includes('node')) max = Math.max(max, Number(hwm[1]));
    } catch {
      // gone
    }
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(rootPid);
  return max;
}
