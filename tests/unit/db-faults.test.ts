// The faults of the database (decision 110): what counts as a full disk or an unreachable server,
// and one log line when a fault starts and one when it ends, however often it is seen meanwhile.
import { clearFault, currentFaults, isDiskFullError, isUnreachableError, raiseFault, resetFaultsForTest } from '@/server/kernel/db-faults';

afterEach(() => resetFaultsForTest());

test('a full disk is recognised from node-postgres, from Prisma’s adapter error and from the OS message only', () => {
  expect(isDiskFullError({ code: '53100', message: 'could not extend file' })).toBe(true);
  expect(isDiskFullError({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '53100' } } } })).toBe(true);
  expect(isDiskFullError(new Error('write failed', { cause: new Error('No space left on device') }))).toBe(true);
  expect(isDiskFullError({ code: '23505', message: 'duplicate key value' })).toBe(false);
  expect(isDiskFullError(null)).toBe(false);
});

test('unreachable: refused, reset, cut, timed out; a statement’s own error is not', () => {
  for (const e of [{ code: 'ECONNREFUSED' }, { code: 'ECONNRESET' }, new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect')]) {
    expect(isUnreachableError(e)).toBe(true);
  }
  expect(isUnreachableError({ code: '42P01', message: 'relation "x" does not exist' })).toBe(false);
});

test('a fault logs once when it starts and once when it ends', () => {
  const err = jest.spyOn(console, 'error').mockImplementation(() => {});
  const log = jest.spyOn(console, 'log').mockImplementation(() => {});
  try {
    raiseFault('disk-full', 'a');
    raiseFault('disk-full', 'b');
    expect(currentFaults().map((f) => [f.fault, f.detail])).toEqual([['disk-full', 'b']]);
    clearFault('disk-full');
    clearFault('disk-full');
    expect(err).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(currentFaults()).toEqual([]);
  } finally {
    err.mockRestore();
    log.mockRestore();
  }
});
