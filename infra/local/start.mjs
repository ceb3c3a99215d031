#!/usr/bin/env node
// `npm start`: plain Node (no dependencies) so it runs on a fresh clone before `npm install`.
// Installs what is missing, builds the web app when its sources changed, then runs the local
// stack (infra/local/run.ts) with tsx.
import { ensureInstalled, ensureSaxon, ensureWebBuilt, runTsx } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();
ensureSaxon();
runTsx('infra/local/run.ts', process.argv.slice(2));
