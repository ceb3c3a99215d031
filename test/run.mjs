#!/usr/bin/env node
// `npm test`: plain Node so it runs on a fresh clone. Installs what is missing (npm packages,
// Debian's chromium), then runs every layer through test/harness.ts.
import { ensureChromium, ensureInstalled, ensureSaxon, runTsx } from '../infra/local/prepare.mjs';

ensureInstalled();
ensureChromium();
ensureSaxon();
runTsx('test/harness.ts', process.argv.slice(2));
