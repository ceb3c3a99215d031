// Runs before first paint (external file so a strict Content-Security-Policy allows it):
// applies the saved theme and language so the page does not flash light or left-to-right.
(function () {
  try {
    var root = document.documentElement;
    var state = (JSON.parse(localStorage.getItem('sy_app_state') || '{}') || {}).state || {};
    if (state.theme === 'dark') root.classList.add('dark');
    if (localStorage.getItem('sy_language') === 'ar') {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
  } catch (e) {
    /* storage unavailable (private mode): defaults apply */
  }
})();

// The current route's page chunks (stamped at build by vite.config.ts: routePreloadStamp), fetched
// in parallel with the entry script instead of after it has run.
(function () {
  var ROUTE_PRELOADS = {};
  try {
    var path = location.pathname.replace(/\/+$/, '') || '/';
    var files = ROUTE_PRELOADS[path] || [];
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  } catch (e) {
    /* a hint only: the page loads its chunks itself anyway */
  }
})();
