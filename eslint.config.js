import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries (docs/ARCHITECTURE.md): src/contract imports nothing of ours; server/ imports only src/contract;
// server/db imports nothing from server/handlers, server/http or server/app.ts; nothing in src/ imports server/;
// a feature never imports another feature.
const features = [
  'auth',
  'projects',
  'folders',
  'rfis',
  'punchlist',
  'submittals',
  'dailyreports',
  'meetings',
  'requestlog',
  'explorer',
];

const serverImportsOnlyContract = {
  group: ['**/src/api/**', '**/src/app/**', '**/src/ui/**', '**/src/features/**'],
  message: 'server/ imports only src/contract.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'data',
      'coverage',
      'bench/.cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*'], message: 'The console never imports the service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*',
                '!./*',
                '**/api/**',
                '**/app/**',
                '**/ui/**',
                '**/features/**',
                '**/server/**',
                'react',
                'react-dom',
                'node:*',
              ],
              message: 'src/contract is pure: it imports nothing of ours, no React, no Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverImportsOnlyContract],
        },
      ],
    },
  },
  {
    // The data layer sits below the handlers and the HTTP layer: server/db never imports them (issue 20).
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImportsOnlyContract,
            {
              group: [
                '**/handlers',
                '**/handlers/**',
                '../handlers/*',
                '../../handlers/*',
                '**/http/**',
                '../http/*',
                '../../http/*',
                '**/server/app',
                '../app',
                '../../app',
              ],
              message:
                'server/db is the lowest layer: it imports nothing from server/handlers, server/http or app.ts.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`, `../${f}/**`, `../../${f}/**`]),
              message: 'Features never import each other: move shared code to src/ui or src/api.',
            },
            { group: ['**/server/**'], message: 'The console never imports the service.' },
          ],
        },
      ],
    },
  })),
);
