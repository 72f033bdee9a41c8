import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code they test; integration tests in tests/ need the running stack
// that `./portal test` starts (they read its addresses from TEST_* variables).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'cms/{src,seed}/**/*.test.ts',
            'contract/src/**/*.test.ts',
            'api-adapter/src/**/*.test.ts',
            'site/src/**/*.test.{ts,tsx}',
            'scripts/{src,bench}/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          // PostgreSQL + Redis add the scale-out tests; the scale profile (nginx, several adapters) its own and the fault tests.
          // The containers profile (images run by Podman from the Kubernetes manifests): the manifests' checks (they
          // render with kubectl's kustomize, which a machine with only Node.js lacks) and the API contract suite.
          include:
            process.env.TEST_PROFILE === 'containers'
              ? ['tests/containers/**/*.test.ts', 'tests/api/**/*.test.ts']
              : process.env.TEST_PROFILE === 'scale'
                ? ['tests/{api,cms,scale,scale-profile,faults}/**/*.test.ts', 'tests/backup/{postgres-*,under-load}.test.ts']
                : process.env.TEST_DB === 'postgres'
                  ? ['tests/{api,cms,scale}/**/*.test.ts', 'tests/backup/{postgres-*,under-load}.test.ts']
                  : ['tests/{api,cms}/**/*.test.ts', 'tests/backup/{sqlite-*,under-load}.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
