import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The tiers of DESIGN.md §2 are checked by where an imported file really is (eslint.config.js,
// rule muster/layers). Each case lints a line of code as if it stood in the named file.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport { x };\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'muster/layers').map((m) => m.message);
}

describe('import tiers, by path', () => {
  it.each([
    [
      'a feature reaching another through ../../features',
      'server/src/features/chats/x.ts',
      "import { x } from '../../features/posts/posts.service.js';",
    ],
    [
      'a feature reaching another through ../',
      'server/src/features/chats/x.ts',
      "import { x } from '../posts/posts.queries.js';",
    ],
    [
      'the kernel importing a feature',
      'server/src/social/x.ts',
      "import { x } from '../features/posts/posts.queries.js';",
    ],
    [
      'platform importing the kernel',
      'server/src/platform/x.ts',
      "import { x } from '../social/social.queries.js';",
    ],
    [
      'platform importing a feature',
      'server/src/platform/auth/x.ts',
      "import { x } from '../../features/accounts/accounts.queries.js';",
    ],
    ['contract importing the server', 'contract/src/x.ts', "import { x } from '../../server/src/app.js';"],
    [
      'contract importing a workspace of ours',
      'contract/src/x.ts',
      "import { x } from '@muster/server/app';",
    ],
    [
      'a web feature importing another',
      'web/src/features/network/components/x.tsx',
      "import { x } from '../../posts/api/get-feed';",
    ],
    [
      'web lib importing a feature',
      'web/src/lib/x.ts',
      "import { x } from '../features/posts/api/get-feed';",
    ],
  ])('refuses %s', async (_name, file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature importing the kernel, platform, db and contract',
      'server/src/features/chats/x.ts',
      "import { x } from '../../social/social.queries.js';\nimport { y } from '../../platform/errors.js';\nimport { z } from '../../db/database.js';\nimport { w } from '@muster/contract/users';\nexport { y, z, w };",
    ],
    [
      'a feature importing its own files',
      'server/src/features/chats/x.ts',
      "import { x } from './chats.queries.js';",
    ],
    [
      'the kernel importing platform and db',
      'server/src/social/x.ts',
      "import { x } from '../db/database.js';\nimport { y } from '../platform/ids.js';\nexport { y };",
    ],
    [
      'the composition root importing features',
      'server/src/app.ts',
      "import { x } from './features/posts/posts.routes.js';",
    ],
    [
      'the web router composing features',
      'web/src/app/x.tsx',
      "import { x } from '../features/posts/api/get-feed';",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

// Every API shape comes from contract/ (issue 33): checked by eslint.config.js (rule
// muster/contract-schemas) on every route file; each case lints code as if it stood in one.
describe('route files take their schemas from contract/', () => {
  async function shapeErrors(file: string, code: string) {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'muster/contract-schemas').map((m) => m.message);
  }

  it.each([
    ['importing zod', "import { z } from 'zod';\nexport { z };"],
    ['importing zod by a subpath', "import * as z from 'zod/v4';\nexport { z };"],
    ['an object schema written inline', 'export const params = z.object({ postId: z.uuid() });'],
    ['a nested builder (z.coerce…)', 'export const limit = z.coerce.number();'],
    ['a bodiless answer written inline', 'export const response = { 204: z.null() };'],
    [
      'a contract schema extended in place',
      "import { pageQuerySchema } from '@muster/contract/paging';\nexport const q = pageQuerySchema.extend({});",
    ],
    [
      'a contract schema made nullable in place',
      "import { missionSchema } from '@muster/contract/missions';\nexport const m = missionSchema.nullable();",
    ],
  ])('refuses %s', async (_name, code) => {
    expect(await shapeErrors('server/src/features/posts/posts.routes.ts', code)).not.toEqual([]);
  });

  it('allows naming contract schemas, and zod outside route files', async () => {
    expect(
      await shapeErrors(
        'server/src/features/posts/posts.routes.ts',
        "import { postParamsSchema } from '@muster/contract/posts';\nexport const schema = { params: postParamsSchema };",
      ),
    ).toEqual([]);
    expect(
      await shapeErrors(
        'server/src/features/posts/posts.service.ts',
        "import { z } from 'zod';\nexport { z };",
      ),
    ).toEqual([]);
  });

  it('holds in every route file', async () => {
    const results = await eslint.lintFiles(['server/src/features/*/*.routes.ts']);
    expect(results.length).toBeGreaterThanOrEqual(15);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'muster/contract-schemas')
        .map((m) => `${path.relative(root, r.filePath)}:${m.line}`),
    );
    expect(found).toEqual([]);
  });
});

// Query keys come from the key factories (decision 057): checked by eslint.config.js (rule
// muster/query-keys) on every web file as part of `npm run lint`; each case here lints code as if
// it stood in the named file.
describe('web query keys come from the key factories', () => {
  async function keyErrors(file: string, code: string) {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'muster/query-keys').map((m) => m.message);
  }
  const endpoint = 'web/src/features/posts/api/get-x.ts';

  it.each([
    ['a query keyed by an array', "export const o = { queryKey: ['posts', 'detail', '1'] };"],
    ['a root spread into an array', "export const o = { queryKey: [...postKeys.all, 'list'] as const };"],
    ['a mutation keyed by an array', "export const o = { mutationKey: ['posts', 'like'] };"],
    ['setQueryData on an array', "queryClient.setQueryData(['hashtags', 'followed'], []);"],
    ['getQueryData on an array', "export const d = queryClient.getQueryData(['posts', 'new-in-feed']);"],
    ['a key constant outside a keys file', "export const followedKey = ['hashtags', 'followed'] as const;"],
    [
      'a key function outside a keys file',
      "export const offeredKey = (id: string) => ['offered', id] as const;",
    ],
    ['a key factory outside a keys file', "export const postKeys = { all: ['posts'] as const };"],
  ])('refuses %s', async (_name, code) => {
    expect(await keyErrors(endpoint, code)).toHaveLength(1);
  });

  it('allows keys named from a factory, and factories in a keys file', async () => {
    expect(
      await keyErrors(
        endpoint,
        'export const o = { queryKey: postKeys.detail(id), mutationKey: postMutationKeys.like };\nqueryClient.setQueryData(postKeys.newInFeed, []);',
      ),
    ).toEqual([]);
    expect(
      await keyErrors(
        'web/src/features/posts/api/post-keys.ts',
        "export const postKeys = { all: ['posts'] as const, detail: (id: string) => ['posts', 'detail', id] as const };",
      ),
    ).toEqual([]);
  });
});
