// The account page: log in or register when logged out; when logged in, log out, change the
// password, or delete the account (after a confirm). Each form shows the server's one-line error.

import { api, ApiError } from '../api';
import { clear, h } from '../dom';
import { t, tParts } from '../i18n';
import { currentUser, refreshUser, setUser } from '../session';

function message(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

function field(name: string, label: string, type: 'text' | 'password', autocomplete: string): HTMLInputElement {
  return h('input', { type, name, 'aria-label': label, placeholder: label, autocomplete, required: true });
}

// A form whose submit runs `action` with the button disabled, showing its error underneath.
function form(id: string, title: string, inputs: HTMLInputElement[], button: string, action: () => Promise<void>): HTMLFormElement {
  const error = h('p', { class: 'error small', 'data-error': id });
  const submit = h('button', { class: 'primary', type: 'submit' }, button);
  const el = h('form', { class: 'card', id },
    h('h2', null, title),
    ...inputs.map((i) => h('div', { class: 'form-row' }, h('label', null, i.placeholder), i)),
    h('div', { class: 'form-row' }, submit),
    error);
  el.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    error.textContent = '';
    try {
      await action();
    } catch (e) {
      error.textContent = message(e);
    } finally {
      submit.disabled = false;
    }
  });
  return el;
}

export function accountPage(app: HTMLElement): void {
  document.title = t('title.account');
  const page = h('div', { class: 'account' });
  app.append(h('h1', null, t('account.title')), page);

  function draw(): void {
    clear(page);
    const user = currentUser();
    if (user) drawAccount(user);
    else drawLoggedOut();
  }

  function drawLoggedOut(): void {
    const loginName = field('username', t('account.username'), 'text', 'username');
    const loginPass = field('password', t('account.password'), 'password', 'current-password');
    const newName = field('username', t('account.username'), 'text', 'username');
    const newPass = field('password', t('account.password'), 'password', 'new-password');
    page.append(
      form('login', t('nav.log_in'), [loginName, loginPass], t('nav.log_in'), async () => {
        setUser((await api.login(loginName.value.trim(), loginPass.value)).username);
        draw();
      }),
      form('register', t('account.register'), [newName, newPass], t('account.register'), async () => {
        setUser((await api.register(newName.value.trim(), newPass.value)).username);
        draw();
      }),
      h('p', { class: 'muted small' }, t('account.rules'), ' ', t('account.why')),
    );
  }

  function drawAccount(user: string): void {
    const done = h('p', { class: 'small', id: 'account-notice' });
    const logout = h('button', { id: 'logout' }, t('account.log_out'));
    const logoutError = h('p', { class: 'error small' });
    logout.addEventListener('click', async () => {
      logout.disabled = true;
      try {
        await api.logout();
        setUser(null);
      } catch (e) {
        // 401: the session had already ended; anything else is shown.
        if (e instanceof ApiError && e.status === 401) setUser(null);
        else logoutError.textContent = message(e);
      }
      await refreshUser();
      draw();
    });
    const oldPass = field('password', t('account.current_password'), 'password', 'current-password');
    const newPass = field('new_password', t('account.new_password'), 'password', 'new-password');
    const delPass = field('password', t('account.password'), 'password', 'current-password');
    let confirming = false;
    const del = form('delete-account', t('account.delete_title'), [delPass], t('account.delete'), async () => {
      if (!confirming) {
        confirming = true;
        del.querySelector('button[type="submit"]')!.textContent = t('account.delete_again');
        del.querySelector('[data-error]')!.textContent = t('account.delete_warning');
        return;
      }
      await api.deleteAccount(delPass.value);
      setUser(null);
      draw();
    });
    page.append(
      h('div', { class: 'card' },
        h('h2', null, ...tParts('account.logged_in_as', { name: h('span', { id: 'account-name' }, user) })),
        h('p', null, h('a', { href: `#/players/${encodeURIComponent(user)}` }, t('account.profile')), ' · ', h('a', { href: '#/' }, t('nav.play'))),
        h('div', { class: 'form-row' }, logout), logoutError),
      form('change-password', t('account.change_title'), [oldPass, newPass], t('account.change'), async () => {
        await api.changePassword(oldPass.value, newPass.value);
        oldPass.value = '';
        newPass.value = '';
        done.textContent = t('account.changed');
      }),
      done,
      del,
    );
  }

  draw();
  // The page may have been opened before the session was known (or after it ended elsewhere).
  const before = currentUser();
  void refreshUser().then((now) => {
    if (page.isConnected && now !== before) draw();
  });
}
