import { readSessionEarly } from '@psb/api-client/session-early';
import { registryRequest, themeRequest } from './boot/early';

registryRequest();
themeRequest();
// The session store reads the stored session synchronously as it loads; decrypted first here with the
// browser's AES-GCM (off the main thread), it does not run the pure-JS cipher at every start. Then the async
// boundary lets Module Federation negotiate shared singletons before any of them is used.
void readSessionEarly().then(() => import('./bootstrap'));
