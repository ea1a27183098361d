// The application clock may be moved only on a machine's own test server (decision 089): the
// settings refuse TEST_CLOCK=1 as soon as HOST or APP_URL reaches beyond loopback.
const loadEnv = (over: Record<string, string>) => () =>
  jest.isolateModules(() => {
    const saved = { ...process.env };
    Object.assign(process.env, over);
    try {
      require('@/server/kernel/env');
    } finally {
      process.env = saved;
    }
  });

test('TEST_CLOCK=1 on an instance reachable from another machine refuses to start', () => {
  expect(loadEnv({ TEST_CLOCK: '1', HOST: '0.0.0.0', APP_URL: 'http://localhost:3100' })).toThrow(/TEST_CLOCK=1 este permis doar/);
  expect(loadEnv({ TEST_CLOCK: '1', HOST: '127.0.0.1', APP_URL: 'https://radarfirme.ro' })).toThrow(/TEST_CLOCK=1 este permis doar/);
});

test('TEST_CLOCK=1 on loopback (the e2e server) starts, and a reachable instance without it starts as before', () => {
  expect(loadEnv({ TEST_CLOCK: '1', HOST: '127.0.0.1', APP_URL: 'http://localhost:3100' })).not.toThrow();
  expect(loadEnv({ TEST_CLOCK: '', HOST: '0.0.0.0', APP_URL: 'https://radarfirme.ro' })).not.toThrow();
});

test('outside Jest and without TEST_CLOCK, nothing can move the clock', () => {
  jest.isolateModules(() => {
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'production', TEST_CLOCK: '', HOST: '127.0.0.1', APP_URL: 'http://localhost:3000' });
    try {
      const clock = require('@/server/kernel/clock') as typeof import('@/server/kernel/clock');
      expect(() => clock.setClockOffset(60_000)).toThrow(/doar în teste/);
      expect(clock.clockOffsetMs()).toBe(0);
      expect(clock.nowSql()).toBe('now()');
    } finally {
      process.env = saved;
    }
  });
});
