import { readdirSync, readFileSync } from 'node:fs';

/** Pids of a process and its descendants (tsx runs the server in a child; embedded PostgreSQL is one too). */
function tree(rootPid) {
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
  const out = [];
  const visit = (pid) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(rootPid);
  return out;
}

/** Peak resident memory (VmHWM, KB) of a process and its descendants, node processes only. */
export function peakRssKb(rootPid) {
  let max = 0;
  for (const pid of tree(rootPid)) {
    try {
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const exe = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Only node processes: the embedded postgres children are measured apart.
      if (hwm && exe.includes('node')) max = Math.max(max, Number(hwm[1]));
    } catch {
      // gone
    }
  }
  return max;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU time (user + system, ms) the processes of these trees have used so far — the api and, when embedded, its
 * PostgreSQL backends: the difference over N requests is their cost, whatever else loads the machine.
 */
export function cpuMs(...rootPids) {
  return processCpuMs(rootPids.flatMap(tree));
}

/** CPU time (user + system, ms) these very processes have used so far (their children not counted). */
export function processCpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / TICKS_PER_S;
}
