import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Import boundaries (DESIGN.md §2, STYLE.md), checked by where the imported file really is, so that
// `../../features/x` cannot slip past a pattern. Server tiers: platform/ → db/, contract; social/
// (the shared kernel: who sees whom, the card) → platform/, db/, contract; a feature → its own
// files, social/, platform/, db/, contract. Composition roots (app.ts, main.ts, db/seed.ts, tests)
// may import features. On the web a feature never imports another; lib/ and components/ import
// no feature. contract/ imports nothing of ours.
const here = path.dirname(fileURLToPath(import.meta.url));
const where = (file) => path.relative(here, file).split(path.sep).join('/');
function tierOf(rel) {
  let m = /^server\/src\/features\/([^/]+)\//.exec(rel);
  if (m) return { side: 'server', tier: 'feature', feature: m[1] };
  m = /^server\/src\/(platform|social|db)\//.exec(rel);
  if (m) return { side: 'server', tier: m[1] };
  m = /^web\/src\/features\/([^/]+)\//.exec(rel);
  if (m) return { side: 'web', tier: 'feature', feature: m[1] };
  m = /^web\/src\/(lib|components)\//.exec(rel);
  if (m) return { side: 'web', tier: m[1] };
  if (rel.startsWith('contract/')) return { side: 'contract', tier: 'contract' };
  return { side: 'other', tier: 'other' };
}
const allowedServerTiers = {
  platform: ['platform', 'db'],
  db: ['db', 'platform'],
  social: ['social', 'platform', 'db'],
  feature: ['social', 'platform', 'db'],
};
function layerProblem(fromRel, target) {
  const from = tierOf(fromRel);
  if (fromRel === 'server/src/db/seed.ts' || /\.test\.tsx?$/.test(fromRel)) return null;
  if (from.side === 'contract') {
    return target.side === 'contract'
      ? null
      : 'contract/ imports nothing of ours: it is shared by server and web.';
  }
  if (target.side === 'contract' || target.side === 'other') return null;
  if (from.side === 'server' && target.side === 'server') {
    if (from.tier === 'feature' && target.tier === 'feature') {
      return from.feature === target.feature
        ? null
        : 'A feature must not import another feature: ask the shared kernel (server/src/social), meet in app.ts, or use events.';
    }
    const allowed = allowedServerTiers[from.tier];
    if (allowed && !allowed.includes(target.tier))
      return `server/src/${from.tier}/ may not import ${target.tier === 'feature' ? 'a feature' : `server/src/${target.tier}/`} (DESIGN.md §2 tiers).`;
    return null;
  }
  if (from.side === 'web' && target.side === 'web' && target.tier === 'feature') {
    if (from.tier === 'feature')
      return from.feature === target.feature
        ? null
        : 'A feature must not import another feature: compose them in app/router.tsx or shared components.';
    return `web/src/${from.tier}/ may not import a feature.`;
  }
  return null;
}
const layers = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const fromRel = where(context.filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      let rel;
      if (spec.startsWith('.')) rel = where(path.resolve(path.dirname(context.filename), spec));
      else if (spec.startsWith('@muster/contract')) rel = 'contract/src';
      else if (/^@muster\/(server|web|e2e)/.test(spec)) rel = spec.replace(/^@muster\//, '') + '/src';
      else return;
      const problem = layerProblem(fromRel, tierOf(`${rel}/`.replace(/\/+$/, '/')));
      if (problem) context.report({ node, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

// Every API shape comes from contract/ (issue 33): a route file names the contract's schemas and
// never builds one, so the web and the OpenAPI document read the very shapes the server checks. No
// zod import, no `z.…(…)` call, and no schema derived in place (`someSchema.extend(…)`, `.nullable()`).
const schemaMakers = new Set([
  'and',
  'array',
  'extend',
  'keyof',
  'merge',
  'nullable',
  'nullish',
  'omit',
  'optional',
  'or',
  'partial',
  'passthrough',
  'pick',
  'refine',
  'required',
  'safeExtend',
  'strict',
  'superRefine',
]);
const contractSchemas = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = 'A route file takes its schemas from contract/: define this one there and import it.';
    const rootOf = (node) => {
      while (node.type === 'MemberExpression') node = node.object;
      return node;
    };
    return {
      ImportDeclaration: (node) => {
        if (/^zod(\/|$)/.test(String(node.source.value))) context.report({ node, message });
      },
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression') return;
        const root = rootOf(callee);
        const made = root.type === 'Identifier' && root.name === 'z';
        const derived =
          !callee.computed && callee.property.type === 'Identifier' && schemaMakers.has(callee.property.name);
        if (made || derived) context.report({ node, message });
      },
    };
  },
};

// Query keys come from factories (decision 057): each web feature's api/*-keys.ts, and
// lib/query-keys.ts for a key two features share. Anywhere else a key is named (postKeys.detail(id)),
// never written out as an array: `queryKey: […]`, `mutationKey: […]`, the cache's
// setQueryData/getQueryData/getQueryState([…]) and a `…Key(s)` constant holding one are refused.
const keyMethods = new Set(['setQueryData', 'getQueryData', 'getQueryState']);
const queryKeys = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const rel = where(context.filename);
    if (/-keys\.ts$/.test(rel)) return {};
    const test = /\.test\.tsx?$/.test(rel);
    const message =
      "Name this query key from its feature's key factory (api/*-keys.ts), not an array written here.";
    const bare = (node) => {
      while (node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression'))
        node = node.expression;
      return node;
    };
    const isArray = (node) => bare(node)?.type === 'ArrayExpression';
    const returnsArray = (node) =>
      node?.type === 'ArrowFunctionExpression' && node.body.type !== 'BlockStatement' && isArray(node.body);
    return {
      Property: (node) => {
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if ((name === 'queryKey' || name === 'mutationKey') && isArray(node.value))
          context.report({ node: node.value, message });
      },
      CallExpression: (node) => {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          keyMethods.has(callee.property.name) &&
          isArray(node.arguments[0])
        )
          context.report({ node: node.arguments[0], message });
      },
      // A test may keep keys of its own for a query it makes up (lib's generic helpers).
      VariableDeclarator: (node) => {
        if (test || node.id.type !== 'Identifier' || !/Keys?$/.test(node.id.name)) return;
        const init = bare(node.init);
        if (isArray(init) || returnsArray(init) || init?.type === 'ObjectExpression')
          context.report({
            node,
            message: "Key factories live in the feature's api/*-keys.ts (decision 057).",
          });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line scripts report to the terminal.
    files: ['scripts/**/*.mjs', 'server/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['contract/**/*.ts', 'server/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    plugins: { muster: { rules: { layers, 'contract-schemas': contractSchemas, 'query-keys': queryKeys } } },
    rules: { 'muster/layers': 'error' },
  },
  {
    // Mail templates take each react-email component from its own package: the umbrella package
    // re-exports its code block (Prism) and Tailwind, which would swell the server's bundle by
    // ~1.2 MB that every start parses (decision 063).
    files: ['server/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@react-email/components',
              message:
                "Import the component from its own package (@react-email/section, …): the umbrella brings Prism and Tailwind into the server's bundle (decision 063).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/features/*/*.routes.ts'],
    rules: { 'muster/contract-schemas': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'muster/query-keys': 'error' },
  },
  {
    // A LIMIT sent as a parameter makes PostgreSQL's generic plan look ruinous, so it re-plans the
    // statement on every call (≈ 0.3 ms of planning on the feed). Limits are bounded integers: inline them.
    files: ['server/src/**/*.queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='limit'] > :first-child:not(CallExpression[callee.object.name='sql'][callee.property.name='lit'])",
          message:
            'Write .limit(sql.lit(n)): a parameterised LIMIT forces a fresh plan on every call (decision 009).',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The toaster mounts when lib/toast.ts loads (decision 027): a toast made through the library
    // directly would wait for a toaster nothing asked for.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/toast.ts', 'web/src/app/toaster.tsx', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hot-toast',
              message: 'Import toast from lib/toast: loading it is what mounts the toaster (decision 027).',
            },
          ],
        },
      ],
    },
  },
  {
    // A person's picture goes through components/avatar.tsx (decision 053): it draws initials for
    // a person without one, where a bare <img> would show the spec's default silhouette.
    // One form layer (decision 056): a form's limits are the contract's constants, never a copied
    // number, and its values are checked through useContractForm, which also puts the server's
    // field details on the fields.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/components/avatar.tsx', 'web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='img'] > JSXAttribute[name.name='src'] MemberExpression[property.name='profilePicture']",
          message: 'Show a person with <Avatar person={…} /> (components/avatar.tsx, decision 053).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(maxLength|minLength)$/] > JSXExpressionContainer > Literal',
          message: "Take a form's limit from contract/ (its constant), never a copied number (decision 056).",
        },
        {
          selector: "CallExpression[callee.property.name='safeParse']",
          message:
            "Check a form with useContractForm (lib/use-contract-form.ts): the contract schema, and the server's field details on the same fields (decision 056).",
        },
      ],
    },
  },
);
