// The account page: log in or register when logged out; when logged in, log out, change the
// password, or delete the account (after a confirm). Each form shows the server's one-line error.

import { api, ApiError } from '../api';
import { clear, h } from '../dom';
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
  document.title = 'arbiter: account';
  const page = h('div', { class: 'account' });
  app.append(h('h1', null, 'Account'), page);

  function draw(): void {
    clear(page);
    const user = currentUser();
    if (user) drawAccount(user);
    else drawLoggedOut();
  }

  function drawLoggedOut(): void {
    const loginName = field('username', 'Username', 'text', 'username');
    const loginPass = field('password', 'Password', 'password', 'current-password');
    const newName = field('username', 'Username', 'text', 'username');
    const newPass = field('password', 'Password', 'password', 'new-password');
    page.append(
      form('login', 'Log in', [loginName, loginPass], 'Log in', async () => {
        setUser((await api.login(loginName.value.trim(), loginPass.value)).username);
        draw();
      }),
      form('register', 'Register', [newName, newPass], 'Register', async () => {
        setUser((await api.register(newName.value.trim(), newPass.value)).username);
        draw();
      }),
      h('p', { class: 'muted small' }, 'A username is 3 to 20 letters, digits, _ or -; a password at least 10 characters. ',
        'Games need no account; rated games, seeks and a profile do.'),
    );
  }

  function drawAccount(user: string): void {
    const done = h('p', { class: 'small', id: 'account-notice' });
    const logout = h('button', { id: 'logout' }, 'Log out');
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
    const oldPass = field('password', 'Current password', 'password', 'current-password');
    const newPass = field('new_password', 'New password', 'password', 'new-password');
    const delPass = field('password', 'Password', 'password', 'current-password');
    let confirming = false;
    const del = form('delete-account', 'Delete the account', [delPass], 'Delete account', async () => {
      if (!confirming) {
        confirming = true;
        del.querySelector('button[type="submit"]')!.textContent = 'Yes, delete it for good';
        del.querySelector('[data-error]')!.textContent = 'Your name, password and ratings go; your games stay, their seat shown as "deleted". Press again to confirm.';
        return;
      }
      await api.deleteAccount(delPass.value);
      setUser(null);
      draw();
    });
    page.append(
      h('div', { class: 'card' },
        h('h2', null, 'Logged in as ', h('span', { id: 'account-name' }, user)),
        h('p', null, h('a', { href: `#/players/${encodeURIComponent(user)}` }, 'Your profile'), ' · ', h('a', { href: '#/' }, 'Play')),
        h('div', { class: 'form-row' }, logout), logoutError),
      form('change-password', 'Change the password', [oldPass, newPass], 'Change password', async () => {
        await api.changePassword(oldPass.value, newPass.value);
        oldPass.value = '';
        newPass.value = '';
        done.textContent = 'Password changed; every other session has been logged out.';
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
