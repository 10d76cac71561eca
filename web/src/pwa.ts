// The installable app: registers the service worker (static/sw.js) that keeps the app shell and
// shows the offline page without a network. Browsers without service workers (or pages not
// served over a secure origin) simply go without.

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // Not installable then, and no offline page; the app plays the same.
  });
}
