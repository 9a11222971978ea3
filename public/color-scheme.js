// Applies the saved colour scheme before the first paint (same key as Mantine's colour-scheme manager). A file,
// not an inline script, so a Content-Security-Policy of script-src 'self' allows it.
try {
  var scheme = window.localStorage.getItem('mantine-color-scheme-value');
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch {
  // storage blocked: Mantine applies the default on start
}
