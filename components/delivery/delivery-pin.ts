// The shopper's delivery PIN, remembered in the browser for the next pages (a cookie set by the
// page's script: cached answers never set cookies). No account is needed; it is read only by
// scripts (the delivery check, the cart), never by the server.

const COOKIE = "volt_pin";
const MAX_AGE_SECONDS = 90 * 86_400;

export function readDeliveryPin(): string | null {
  const match = new RegExp(`(?:^|; )${COOKIE}=([1-9]\\d{5})(?:;|$)`).exec(document.cookie);
  return match ? match[1]! : null;
}

export function rememberDeliveryPin(pin: string): void {
  document.cookie = `${COOKIE}=${pin}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}
