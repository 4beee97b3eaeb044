#!/usr/bin/env node
// The `karmada-interpret` command (package.json "bin"): runs scripts/interpret.ts through tsx.
import { register } from 'tsx/esm/api';

register();
const { main, processIo } = await import('../scripts/interpret.ts');
process.exitCode = await main(process.argv.slice(2), processIo());
