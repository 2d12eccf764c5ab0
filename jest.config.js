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
      setupFiles: ['reflect-metadata', '<rootDir>/tests/support-idempotency.ts'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/medium/**/*.spec.ts'],
      globalSetup: '<rootDir>/tests/medium/global-setup.ts',
      globalTeardown: '<rootDir>/tests/medium/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'reliability',
      setupFiles: ['reflect-metadata', '<rootDir>/tests/support-idempotency.ts'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/reliability/**/*.spec.ts'],
      globalSetup: '<rootDir>/tests/medium/global-setup.ts',
      globalTeardown: '<rootDir>/tests/medium/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'security',
      setupFiles: ['reflect-metadata', '<rootDir>/tests/support-idempotency.ts'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/security/**/*.spec.ts'],
      globalSetup: '<rootDir>/tests/medium/global-setup.ts',
      globalTeardown: '<rootDir>/tests/medium/global-teardown.ts',
    },
  ],
};
