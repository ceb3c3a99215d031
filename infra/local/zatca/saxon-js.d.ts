/** The part of SaxonJS 2 (saxon-js, no published types) the ZATCA emulator uses: running a compiled (SEF) XSLT. */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: string };
  };
  export default SaxonJS;
}
