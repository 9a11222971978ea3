// Applies the saved colour scheme before the first paint (same key as Mantine's colour-scheme manager; "auto"
// follows the system). A file, not an inline script, so a Content-Security-Policy of script-src 'self' allows it.
try {
  var scheme = window.localStorage.getItem('mantine-color-scheme-value');
  if (scheme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch {
  // storage blocked: Mantine applies the default on start
}
