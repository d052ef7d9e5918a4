// The scanner's service worker (scope /scan): the door keeps working when the network goes.
// - Pages of the scanner: network first, then the last copy kept (the app's one HTML shell).
// - Built files (/assets/…, hashed, never changing): from the cache once fetched.
// - Icons, manifest, public key-free static files: the cache, refreshed in the background.
// - The API is never cached here: the scanner keeps its list and its queue in IndexedDB.
const CACHE = 'guichet-scanner-v1';
const SHELL = '/scan';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, '/scan.webmanifest', '/scan-icon-192.png', '/scan-icon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith('guichet-scanner-') && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page loaded before this worker controlled it: it sends the built files it uses, kept here.
self.addEventListener('message', (event) => {
  const urls = event.data?.type === 'cache' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const own = urls.filter((href) => {
    try {
      const url = new URL(href);
      return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
    } catch {
      return false;
    }
  });
  if (own.length) event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(own)));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((cached) => cached ?? Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  event.respondWith(
    caches.match(request).then((cached) => {
      const fresh = fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => cached ?? Response.error());
      return cached ?? fresh;
    }),
  );
});
