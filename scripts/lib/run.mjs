// Running child processes and finding pnpm on a machine that may only have Node and npm.
import { spawn, spawnSync } from 'node:child_process';
import { root } from './workspace.mjs';

function hasPnpm() {
  return (
    spawnSync('pnpm', ['--version'], { stdio: 'ignore', shell: process.platform === 'win32' }).status === 0
  );
}

const PNPM_VERSION = '12.21.0';
/** pnpm if installed, otherwise the pinned version through npx (npm ships with Node). */
export const pnpmCommand = () => (hasPnpm() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`]);

export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`)),
    );
  });
}

export function pnpm(args, options) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}
