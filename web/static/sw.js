// The service worker: keeps the app shell (the page, its script, styles, icons and the offline
// page) so the app installs and opens, and shows the offline page when a page is asked for and
// the network is gone. Everything is fetched from the network first (a new build is used at
// once) and the copy kept is the fallback; the API and the game sockets are never touched.

const CACHE = 'arbiter-shell-v1';
const SHELL = [
  '/',
  '/index.html',
  '/app.js',
  '/style.css',
  '/theme.css',
  '/pieces.css',
  '/shell.css',
  '/icon.svg',
  '/manifest.webmanifest',
  '/offline.html',
  '/offline.js',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

self.addEventListener('install', (event) => {
  // A file of the shell that is missing (a build without it) does not stop the install.
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(SHELL.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Network first; a good answer of the shell refreshes its copy.
async function fromNetwork(request) {
  const response = await fetch(request);
  if (response.ok && request.method === 'GET') {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => undefined);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // A page: the network's, else the offline page (the app cannot play without the server).
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  event.respondWith(
    fromNetwork(request).catch(() => caches.match(request).then((hit) => hit || Response.error())),
  );
});
