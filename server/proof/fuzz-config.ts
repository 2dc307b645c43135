/**
 * Test-only settings of the API fuzz test (the server never reads them): FUZZ_RUNS cases in all
 * (CI: 2,000; `npm run test:fuzz`: 20,000), FUZZ_SEED to replay a failure fast-check reported.
 */
export const fuzzConfig = {
  runs: Math.max(1, Number(process.env.FUZZ_RUNS) || 2_000),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
};
