// Jest: @swc/jest (NestJS 12 is ESM-only; see shared SETUP-NOTES), CommonJS output, decorators on.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uuid|jotai)/)'],
  moduleNameMapper: { '^@pos/contracts$': '<rootDir>/libs/contracts/src/index.ts' },
  rootDir: __dirname,
  setupFiles: ['reflect-metadata'],
};
// The lanes on real PostgreSQL and Redis: one migrated, seeded template database per run (global
// setup) and a copy of it for each suite (suite-db.ts), dropped after.
const lane = {
  setupFiles: ['reflect-metadata', '<rootDir>/tests/support-idempotency.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/medium/support/suite-db.ts'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/tests/medium/global-setup.ts',
  globalTeardown: '<rootDir>/tests/medium/global-teardown.ts',
};
module.exports = {
  testTimeout: 120000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/libs/**/src/**/*.spec.ts',
        '<rootDir>/server/src/**/*.spec.ts',
        '<rootDir>/client/src/**/*.spec.ts',
        '<rootDir>/client/src/**/*.spec.tsx',
        '<rootDir>/tests/lint/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'medium',
      ...lane,
      testMatch: ['<rootDir>/tests/medium/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'reliability',
      ...lane,
      testMatch: ['<rootDir>/tests/reliability/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'security',
      ...lane,
      testMatch: ['<rootDir>/tests/security/**/*.spec.ts'],
    },
  ],
};
