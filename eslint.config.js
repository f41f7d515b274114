import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    // The rules that need the compiler's types (no-floating-promises, no-misused-promises) are oxlint's, in
    // .oxlintrc.json: type-aware, through TypeScript 7, they took 28 s of the 150 s they took here.
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Features do not reach into each other's components or pages (issue 8): what several use lives in
    // src/components, and a page composes other features' parts. Another feature's api (query options, hooks) is fine.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/pages/**', 'apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[^./][^/]*/(components|pages)/',
              message: "Another feature's components and pages are its own: move shared UI to src/components.",
            },
          ],
        },
      ],
    },
  },
  {
    // Test support (packages/test-support, issue 24) is a dev dependency: the server's own code, which the bundle
    // and `npm start` run, never loads it; only tests and their helpers do.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@edoc/test-support', '@edoc/test-support/*'], message: 'Only tests import test support.' },
          ],
        },
      ],
    },
  },
  {
    // The web decides nothing from role codes (issue 24): the caller's rights come with the project entry answer
    // (session fullAccess, inspector, closed, keys), so a custom role is neither refused nor trusted for its name.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='RoleCode']",
          message:
            'Read the rights the server sent with the project (useSession().fullAccess, .inspector), not RoleCode.',
        },
      ],
    },
  },
);
