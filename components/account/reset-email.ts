// The email of a password reset in progress, carried from /forgot-password through /verify-otp
// to /reset-password in this tab's own navigation state (sessionStorage: per tab, gone with it).

const KEY = "volt.reset-email";

export function getResetEmail(): string | null {
  try {
    return window.sessionStorage.getItem(KEY) || null;
  } catch {
    return null; // storage disabled: the journey starts again at /forgot-password
  }
}

export function setResetEmail(email: string): void {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // Storage disabled: the next page finds no email and sends the shopper back.
  }
}

export function clearResetEmail(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
