// Preloaded (`node --import`) by each production server of a federation journey (support/federation.ts):
// the bed's host names resolve to loopback and are trusted through the run's test CA for this
// process's `fetch`, which Fedify makes every request with. The server suite's own helper
// (decision 083), loaded as TypeScript by Node's type stripping.
import fs from 'node:fs';
import { installTestNetwork } from '../../server/test/federation-network.ts';

const network = installTestNetwork(fs.readFileSync(process.env.MUSTER_TEST_CA_FILE, 'utf8'));
for (const host of process.env.MUSTER_TEST_HOSTS.split(',')) network.addHost(host);
