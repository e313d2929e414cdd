import fs from 'node:fs';
import path from 'node:path';
import { assertKey, type StorageAdapter } from './index';

/** Files on the local disk under `root` (one machine, or a shared volume). Writes are atomic (temp + rename). */
export function createLocalStorage(root: string): StorageAdapter {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.promises.writeFile(tmp, body, { mode: 0o640 });
      await fs.promises.rename(tmp, target);
    },
    async get(key) {
      const target = file(key);
      try {
        const stat = await fs.promises.stat(target);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(target), size: stat.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
  };
}
