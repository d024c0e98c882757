import { createElectronStandIn, loadWithStandIn } from './electronStandIn';

// `node --import tsx runBuiltMain.ts BUNDLE [ARGS…]`: a built main process in a process of its
// own, under the stand-in `electron`, with ARGS as its command line; for the modes that speak on
// stdio (`--mcp`), which a test reaches as the program that starts them would.

const [bundle, ...args] = process.argv.slice(2);
if (bundle === undefined) throw new Error('Usage: runBuiltMain.ts BUNDLE [ARGS…]');
process.argv = [process.execPath, ...args];
const standIn = createElectronStandIn();
loadWithStandIn(bundle, standIn.electron);
standIn.markReady();
