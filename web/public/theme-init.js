(function () {
  // The saved preference is "light" or "dark"; the page shows it as the canopy / canopy-dark theme.
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch (e) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme === 'dark' ? 'canopy-dark' : 'canopy');
  document.documentElement.style.colorScheme = theme;
})();
