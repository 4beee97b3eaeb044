#!/usr/bin/env node
// The `karmada-interpret` command (package.json "bin"): runs scripts/interpret.ts through tsx.
import { register } from 'tsx/esm/api';

register();
const { runCommand } = await import('../scripts/entry.ts');
const { main, tool } = await import('../scripts/interpret.ts');
await runCommand(tool, main);
