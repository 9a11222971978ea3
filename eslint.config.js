import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries (docs/ARCHITECTURE.md): src/contract imports nothing of ours; server/ imports only src/contract;
// server/db imports nothing from server/handlers, server/http or server/app.ts;
// nothing in src/ imports server/. The console's layers import one way, downwards only:
//   src/app (composition root) → src/features → src/ui → src/routes → src/session → src/api → src/config
//   → src/contract
// so nothing imports src/app (only src/main.tsx does), only src/app imports features, and a feature never
// imports another feature.
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
  group: [
    '**/src/api/**',
    '**/src/app/**',
    '**/src/ui/**',
    '**/src/features/**',
    '**/src/routes/**',
    '**/src/config/**',
    '**/src/session/**',
  ],
  message: 'server/ imports only src/contract.',
};

/** The shared layers below the features, highest first (src/contract has its own, stricter rule below). */
const layers = ['ui', 'routes', 'session', 'api', 'config'];

const noServer = {
  group: ['**/server/**', '../server/*'],
  message: 'The console never imports the service.',
};
const noApp = {
  group: ['**/app', '**/app/**'],
  message:
    'src/app is the composition root: nothing below it imports it. Move what is shared to the lowest layer that ' +
    'holds its kind (src/routes, src/session, src/config, src/api, src/ui): docs/ARCHITECTURE.md.',
};
const noFeatures = {
  group: ['**/features', '**/features/**'],
  message: 'Only src/app imports the features: move what a shared layer needs into that layer.',
};
/** The layers above `layer` (a folder is matched with something after it: `api/` never blocks `./session`). */
const layersAbove = (layer) => layers.slice(0, layers.indexOf(layer)).map((l) => `**/${l}/**`);

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
          patterns: [noServer],
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
                '**/routes/**',
                '**/config/**',
                '**/session/**',
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
  ...layers.map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noApp,
            noFeatures,
            ...(layer === layers[0]
              ? []
              : [
                  {
                    group: layersAbove(layer),
                    message: `src/${layer} imports only the layers below it (${layers
                      .slice(layers.indexOf(layer) + 1)
                      .map((l) => `src/${l}`)
                      .concat('src/contract')
                      .join(', ')}).`,
                  },
                ]),
            noServer,
          ],
        },
      ],
    },
  })),
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
              message:
                'Features never import each other: move shared code to the lowest layer that holds its kind ' +
                '(src/ui, src/routes, src/session, src/api, src/config).',
            },
            noApp,
            noServer,
          ],
        },
      ],
    },
  })),
);
