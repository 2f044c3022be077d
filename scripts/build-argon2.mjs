// argon2 ships a prebuilt Linux binary that crashes on some machines (an unsupported CPU
// instruction), so it is compiled from source once after install. node-gyp-build loads a local
// build/Release before any prebuild. An npm config key would do the same but npm 11 warns about it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('argon2/package.json'));
if (existsSync(path.join(dir, 'build/Release/argon2.node'))) process.exit(0);
const nodeGypBuild = createRequire(path.join(dir, 'package.json')).resolve('node-gyp-build/bin.js');
const result = spawnSync(process.execPath, [nodeGypBuild], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, npm_config_build_from_source: 'true' },
});
process.exit(result.status ?? 1);
