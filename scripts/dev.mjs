// `npm run dev`: the API server (restarting on change) on 8081 and Vite with HMR on 5173,
// which proxies /api, /admin and /ws to it (vite.config.ts).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? './data' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://127.0.0.1:${apiPort}` } }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
