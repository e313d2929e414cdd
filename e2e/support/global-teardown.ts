import { readFileSync } from 'node:fs';
import { stateFile } from './env';
import { type StartedServer, stopServer } from './server';

export default async function globalTeardown() {
  await stopServer(JSON.parse(readFileSync(stateFile, 'utf8')) as StartedServer);
}
