// Lets a test file assert on the structured log calls: every level on, every line captured by a spy, none printed.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { logger } from '../../lib/observability/call-record';

/** Call at the top of a test file; then `vi.mocked(logger.info).mock.calls` holds what the code logged. */
export function captureLogs(): void {
  beforeAll(() => logger.setLogLevel('DEBUG'));
  afterAll(() => logger.setLogLevel('SILENT'));
  beforeEach(() => {
    for (const level of ['debug', 'info', 'warn', 'error'] as const) vi.spyOn(logger, level).mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
