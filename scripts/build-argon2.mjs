// argon2 ships a prebuilt Linux binary that crashes on some machines (an unsupported CPU
// instruction), so it is compiled from source once after install. node-gyp-build loads a local
// build/Release before any prebuild. An npm config key would do the same but npm 11 warns about it.
//
// npm runs this with node_modules/.bin first on PATH, so `node` here is the LTS that the install
// brought (decision 054), not the machine's own. It is compiled against that runtime's headers,
// which its package ships beside the binary (<prefix>/bin/node, <prefix>/include/node): a machine's
// `nodedir` points at the headers of its own, older Node. argon2 is an N-API addon: it is built for
// the N-API version it declares (package.json `binary.napi_versions`, as its own prebuilds are),
// not node-gyp's default of the building runtime's newest, so the one build loads on any Node from
// that version up (a build for Node 26's N-API 10 crashes Node 20 as it loads).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('argon2/package.json'));
if (existsSync(path.join(dir, 'build/Release/argon2.node'))) process.exit(0);
const nodeGypBuild = createRequire(path.join(dir, 'package.json')).resolve('node-gyp-build/bin.js');
const napiVersion = Math.min(...require('argon2/package.json').binary.napi_versions);
const prefix = path.resolve(path.dirname(process.execPath), '..');
const headers = existsSync(path.join(prefix, 'include/node/node_api.h'))
  ? { npm_config_nodedir: prefix }
  : {};
const result = spawnSync(process.execPath, [nodeGypBuild], {
  cwd: dir,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...headers,
    npm_config_build_from_source: 'true',
    npm_config_napi_build_version: String(napiVersion),
  },
});
process.exit(result.status ?? 1);
