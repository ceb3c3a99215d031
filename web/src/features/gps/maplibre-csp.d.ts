/**
 * maplibre-gl's CSP build: the same API as 'maplibre-gl' without the worker inlined as a blob
 * (the worker is a separate file, set with setWorkerUrl). Two chunks under the 250 KB gzip
 * budget instead of one over it, and no blob: worker needed.
 */
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  import * as maplibre from 'maplibre-gl';
  export default maplibre;
}
declare module 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url' {
  const url: string;
  export default url;
}
