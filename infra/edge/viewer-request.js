// CloudFront Function (cloudfront-js-2.0), viewer-request on the web app's default behaviour.
// This file is a template: infra/edge/viewer-request-code.ts replaces the placeholder below with
// the redirect table of shared/redirects.ts at synth time, so the table is defined once.
// Keep to what the CloudFront Functions runtime offers: no modules, no Node APIs.

var REDIRECTS = __REDIRECTS__;
var REDIRECT_STATUS = __REDIRECT_STATUS__;

// Query strings arrive still percent-encoded; they are copied through as they came.
function parseQuery(qs) {
  var out = [];
  if (!qs) return out;
  var parts = qs.split('&');
  for (var i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    var eq = parts[i].indexOf('=');
    out.push(eq < 0 ? [parts[i], null] : [parts[i].slice(0, eq), parts[i].slice(eq + 1)]);
  }
  return out;
}

function viewerPairs(querystring) {
  var out = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue && entry.multiValue.length ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) {
      var v = values[i].value;
      out.push([name, v === undefined || v === null ? '' : v]);
    }
  }
  return out;
}

function serialise(pairs) {
  var parts = [];
  for (var i = 0; i < pairs.length; i++) {
    parts.push(pairs[i][1] === null ? pairs[i][0] : pairs[i][0] + '=' + pairs[i][1]);
  }
  return parts.join('&');
}

// The target's own parameters win (e.g. /settings?tab=x still lands on tab=preferences); every
// other parameter the viewer sent is kept, in the order it came.
function buildLocation(target, querystring) {
  var q = target.indexOf('?');
  var path = q < 0 ? target : target.slice(0, q);
  var pairs = parseQuery(q < 0 ? '' : target.slice(q + 1));
  var taken = {};
  for (var i = 0; i < pairs.length; i++) taken[pairs[i][0]] = true;
  var extra = viewerPairs(querystring || {});
  for (var j = 0; j < extra.length; j++) {
    if (!taken[extra[j][0]]) pairs.push(extra[j]);
  }
  return pairs.length ? path + '?' + serialise(pairs) : path;
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  // '/login/' is the same page as '/login'.
  var key = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;

  if (Object.prototype.hasOwnProperty.call(REDIRECTS, key)) {
    return {
      statusCode: REDIRECT_STATUS,
      statusDescription: REDIRECT_STATUS === 301 ? 'Moved Permanently' : 'Found',
      headers: {
        location: { value: buildLocation(REDIRECTS[key], request.querystring) },
        'cache-control': { value: 'no-store' },
      },
    };
  }

  // SPA fallback: a path whose last segment has no file extension is an app route, served by
  // index.html; real files (/assets/app.js, /service-worker.js) and the API pass through.
  if (uri !== '/api' && uri.indexOf('/api/') !== 0) {
    var last = uri.slice(uri.lastIndexOf('/') + 1);
    if (last.indexOf('.') < 0) request.uri = '/index.html';
  }
  return request;
}
