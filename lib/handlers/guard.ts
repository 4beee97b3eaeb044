// The caller protection every function applies, built once per process from its configuration.
import { callerGuard } from '../auth/caller-protection';
import { readConfig } from '../config';

export const guard = callerGuard(readConfig());
