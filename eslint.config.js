import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.ts', 'migrations/**/*.ts', 'test/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}', '.dependency-cruiser*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The domain stays pure: no framework, driver, SDK or container in it.
    files: ['src/modules/*/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(knex|koa|@koa/.*|tsyringe|pg|@electric-sql/.*|stripe|googleapis|google-auth-library|openai|mailparser|smtp-server|zod|pino)$',
              message: 'domain/ must not depend on frameworks, drivers or SDKs',
            },
            { regex: '(^|/)(infra|http|application)(/|$)', message: 'domain/ must not import outer layers' },
          ],
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
    // Nothing but the config loader reads the environment.
    files: ['src/**/*.ts'],
    ignores: ['src/platform/config/load-config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through AppConfig' }],
    },
  },
);
