import { olderNodeMessage } from './nodeVersion';

// Checked before anything else loads: the SQLite binding of an older Node crashes the process
// without a word, and only after the data dir's workspaces were begun.
const tooOld = olderNodeMessage(process.versions.node);
if (tooOld) {
  process.stderr.write(tooOld);
  process.exit(1);
}
// Loaded only now, with everything it requires: the bundle requires its chunks before its own code.
void import('./serveCli').then(({ serve }) => serve(__dirname));
