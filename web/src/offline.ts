// The offline page (static/offline.html, shown by the service worker when a page is asked for
// without a network, or the server could not be reached): its words in the language chosen, the
// theme in force, and back to the app once the connection returns or the server answers again
// (asked every few seconds: a server restarting is not a network gone).

import { translateStatic, t } from './i18n';
import { applyTheme } from './theme/theme';

applyTheme();
translateStatic();
document.title = t('offline.page_title');
window.addEventListener('online', () => location.reload());

const kRetryMs = 4000;
window.setInterval(() => {
  fetch('/api/health', { cache: 'no-store' }).then(
    (res) => {
      if (res.ok) location.reload();
    },
    () => {
      // Still unreachable: ask again later.
    },
  );
}, kRetryMs);
