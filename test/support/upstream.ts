// Files other projects publish, fetched at test time (lib/kit/upstream.ts), and Argo CD's health testdata.
import { join } from 'node:path';
import { goModuleDir } from '../../lib/kit/upstream';

export { goModuleDir, mavenJar, publishedFile, UpstreamUnavailable } from '../../lib/kit/upstream';

/** Argo CD's release whose resource_customizations the health oracle reads (github.com/argoproj/argo-cd/v3). */
export const argoCdRelease = 'v3.5.1';

/** Argo CD's resource_customizations folder, fetched through the Go module proxy. */
export function argoCdCustomizations(): string {
  return join(goModuleDir('github.com/argoproj/argo-cd/v3', argoCdRelease), 'resource_customizations');
}
