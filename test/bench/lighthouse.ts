import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the public pages a new
 * company sees first, against DESIGN.md §10: performance ≥ 90 and accessibility ≥ 95 on `/auth`
 * and `/`. Runs Debian's chromium (CHROME_PATH, default /usr/bin/chromium) headless.
 * Each page is measured RUNS times and the median performance score is kept (single runs vary by a
 * few points on a shared machine); accessibility does not vary.
 */
export const LIGHTHOUSE_PAGES = ['/auth', '/'] as const;
export const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 95 } as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface BenchLine {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

interface PageScores {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(url: string, port: number): Promise<PageScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
  };
}

/** `npm run build:web`: the stack serves web/dist, so the pages measured are this code's. */
export function buildWebApp(root: string): void {
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'],
    { cwd: root, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`web build failed: ${build.stderr || build.stdout}`);
}

/** Scores of `/auth` and `/` on `baseUrl`, as bench lines (value, budget, pass). */
export async function lighthouseChecks(baseUrl: string): Promise<BenchLine[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const lines: BenchLine[] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: PageScores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(new URL(page, baseUrl).href, chrome.port));
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      const fcp = median(runs.map((r) => r.fcpMs));
      const lcp = median(runs.map((r) => r.lcpMs));
      lines.push({
        name: `Lighthouse mobile ${page} performance (median of ${RUNS}; FCP ${(fcp / 1000).toFixed(1)} s, LCP ${(lcp / 1000).toFixed(1)} s)`,
        value: String(performance),
        budget: `≥ ${LIGHTHOUSE_BUDGET.performance}`,
        pass: performance >= LIGHTHOUSE_BUDGET.performance,
      });
      lines.push({
        name: `Lighthouse mobile ${page} accessibility`,
        value: String(accessibility),
        budget: `≥ ${LIGHTHOUSE_BUDGET.accessibility}`,
        pass: accessibility >= LIGHTHOUSE_BUDGET.accessibility,
      });
    }
  } finally {
    chrome.kill();
  }
  return lines;
}
