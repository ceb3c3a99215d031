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
