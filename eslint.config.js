import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (STYLE.md): contract imports nothing of ours, and a feature never reaches
// into another feature's files. Features meet in app.ts / router.tsx and through events.
const noCrossFeatureImports = (pattern, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'e2e/screenshots/**'] },
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
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(@muster/(server|web|e2e)|\\.\\./)', message: 'contract/ imports nothing of ours: it is shared by server and web.' },
          ],
        },
      ],
    },
  },
  {
    // server/src/features/<a>/x.ts importing ../<b>/y.ts
    files: ['server/src/features/**/*.ts'],
    rules: noCrossFeatureImports('^\\.\\./(?!\\.\\.)', 'A feature must not import another feature: meet in app.ts or through events.'),
  },
  {
    // web/src/features/<a>/<part>/x.tsx importing ../../<b>/...
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: noCrossFeatureImports('^\\.\\./\\.\\./(?!\\.\\.)', 'A feature must not import another feature: compose them in app/router.tsx or shared components.'),
  },
  {
    // A LIMIT sent as a parameter makes PostgreSQL's generic plan look ruinous, so it re-plans the
    // statement on every call (≈ 0.3 ms of planning on the feed). Limits are bounded integers: inline them.
    files: ['server/src/**/*.queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='limit'] > :first-child:not(CallExpression[callee.object.name='sql'][callee.property.name='lit'])",
          message: 'Write .limit(sql.lit(n)): a parameterised LIMIT forces a fresh plan on every call (decision 009).',
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
);
