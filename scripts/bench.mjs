// npm run bench: the bench modules in a Node process with the server's own flags (the bench
// serves the API in its own process, so it must run the way `npm start` runs the server).
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
