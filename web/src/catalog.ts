// The server's catalog (GET /api/catalog), fetched once per page load: the games, their titles,
// parameter schemas and seats. Pages read games from here rather than naming them.

import { api, type Catalog, type CatalogGame } from './api';
import { serverText } from './i18n';

let loaded: Catalog | null = null;
let pending: Promise<Catalog> | null = null;

export function loadCatalog(): Promise<Catalog> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= api.catalog().then(
    (c) => (loaded = c),
    (e) => {
      pending = null; // a later call tries again
      throw e;
    },
  );
  return pending;
}

// The catalog once loaded, else null.
export function catalogNow(): Catalog | null {
  return loaded;
}

export function gameEntry(name: string): CatalogGame | undefined {
  return loaded?.games.find((g) => g.name === name);
}

// The game's title for prose ("The Travelers"), in the language chosen; its name until the
// catalog has loaded.
export function gameTitle(name: string): string {
  const title = gameEntry(name)?.title;
  return title === undefined ? name : serverText('title', name, title);
}
