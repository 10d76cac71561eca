// The page's icon, and the same icon with a badge: a dot in the colour of the seat whose turn it
// is, drawn as an SVG data URL (nothing to download).

const kBase =
  '<rect width="32" height="32" rx="6" fill="#2d4a3e"/><polygon points="16,5 27,25 5,25" fill="#f08a2a" stroke="#111" stroke-width="1.5"/>';

// The icon with a badge of `fill` in its top right corner.
export function badgeIcon(fill: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${kBase}<circle cx="24" cy="8" r="7.5" fill="${fill}" stroke="#fff" stroke-width="2"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.type = 'image/svg+xml';
    link.href = 'icon.svg';
    document.head.append(link);
  }
  return link;
}

let original: string | null = null;

// Shows `href` as the page's icon (null: the page's own icon again).
export function setIcon(href: string | null): void {
  const link = iconLink();
  if (original === null) original = link.getAttribute('href') ?? 'icon.svg';
  link.setAttribute('href', href ?? original);
}
