// `npm start`: build whatever is older than its sources — the web app (web/dist) and the server
// (server/dist, decision 026) — then run the built server (app and API on one port). One process
// tree; signals are passed on for a clean stop.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const at = (p) => path.join(root, p);
const builtAt = (p) => (fs.existsSync(at(p)) ? fs.statSync(at(p)).mtimeMs : 0);

// package-lock.json: new versions of dependencies (a PGlite template made by another version
// would not load) call for a new build too.
const builds = [
  {
    workspace: 'web',
    output: 'web/dist/index.html',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'contract/src',
      'package-lock.json',
    ],
  },
  {
    workspace: 'server',
    output: 'server/dist/pgdata-template.tar.gz',
    sources: ['server/src', 'server/build.mjs', 'contract/src', 'package-lock.json'],
  },
];

for (const { workspace, output, sources } of builds) {
  if (builtAt(output) >= Math.max(...sources.map((s) => newestMtime(at(s))))) continue;
  console.warn(`Building the ${workspace === 'web' ? 'web app' : 'server'}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [at('server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
