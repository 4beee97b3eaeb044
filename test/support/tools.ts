// External tools some checks need. Without one, those checks are skipped with the reason in their name; under
// CI=true, a tool CI installs (moto_server, cfn-lint, go) is required, so its absence fails instead of passing quietly.
import { spawnSync } from 'node:child_process';

export type Tool = 'moto_server' | 'cfn-lint' | 'go' | 'mvn' | 'openssl' | 'jq';

const probes: Record<Tool, { args: string[]; install: string; requiredInCi: boolean }> = {
  moto_server: { args: ['--help'], install: 'pip install "moto[server]"', requiredInCi: true },
  'cfn-lint': { args: ['--version'], install: 'pip install cfn-lint', requiredInCi: true },
  go: { args: ['version'], install: 'https://go.dev/doc/install', requiredInCi: true },
  // Maven Central publishes some projects' CRDs inside their API jars (the Flink Kubernetes Operator's).
  mvn: { args: ['--version'], install: 'Apache Maven (the maven package)', requiredInCi: true },
  openssl: { args: ['version'], install: 'the openssl package', requiredInCi: false },
  // docs/operations.md's local query of the log lines.
  jq: { args: ['--version'], install: 'the jq package', requiredInCi: false },
};

export interface ToolCheck {
  missing: boolean;
  /** Appended to a test's or suite's name: empty when the tool is there, else " (skipped: … not found: …)". */
  note: string;
}

const checked = new Map<Tool, boolean>();

export function toolPresent(tool: Tool): boolean {
  let present = checked.get(tool);
  if (present === undefined) {
    present = spawnSync(tool, probes[tool].args, { stdio: 'ignore', timeout: 60_000 }).status === 0;
    checked.set(tool, present);
  }
  return present;
}

/**
 * Whether the checks that need `tool` must be skipped, and the note that says why. Throws under CI=true for a tool
 * CI installs: thrown while the test file is collected, it fails that file with this message.
 */
export function requireTool(tool: Tool): ToolCheck {
  if (toolPresent(tool)) return { missing: false, note: '' };
  const { install, requiredInCi } = probes[tool];
  if (requiredInCi && process.env.CI === 'true') {
    throw new Error(`${tool} was not found, and CI=true requires it (${install}): the checks that need it must run in CI`);
  }
  return { missing: true, note: ` (skipped: ${tool} was not found; ${install})` };
}
