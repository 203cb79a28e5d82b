// The one spelling of an address. The production server's front door decides, keys its cache and
// lets a request through on this spelling only: any other is redirected to it (308), so a page
// can never be rendered under one address and kept under another's key. No "server-only": the
// front door runs outside Next, and the product page uses it too.

const BASE = "http://store.invalid";

/**
 * The path as a URL parser resolves it, after RFC 3986's percent-encoding normalisation: escaped
 * unreserved characters decoded, dot segments removed (`%2e%2e` included, as Next's router
 * resolves them), backslashes read as slashes, and leading slashes collapsed to one, so the path
 * can never be read as another host (`//evil.example/`) where it is sent back as a redirect.
 */
export function normalisedPath(rawPath: string): string {
  // Most addresses are already normal: only characters the URL parser keeps as they are, no
  // escape, no dot segment, no repeated slash. They need no parse (one per request otherwise).
  if (PLAIN_PATH.test(rawPath) && !ODD_SEGMENTS.test(rawPath)) return rawPath;
  const path = decodeUnreserved(rawPath.startsWith("/") ? rawPath : `/${rawPath}`);
  return new URL(BASE + path).pathname.replace(/^\/{2,}/, "/");
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** A path of characters the URL parser leaves as they are (no `%`, no `\\`, nothing it escapes). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** What the parser rewrites in such a path: `//`, and `.` or `..` segments. */
const ODD_SEGMENTS = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * RFC 3986's normalisation of percent-encoding (§6.2.2): an escaped letter, digit or `-._~` is the
 * character itself (Next's router decodes it, so `/user-pane%6c/cart` is `/user-panel/cart`), and
 * every other escape is written in capitals.
 */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
}

const PRODUCT_PATH = /^\/product\/([^/]+)$/;

/** A product's id as its one address spells it: decoded, lower case (ids are UUIDs). */
export function canonicalProductId(id: string): string {
  return id.toLowerCase();
}

/**
 * The canonical spelling of a (raw, undecoded) request path: normalised, and a product page's id
 * decoded and in lower case. A path that is not valid percent-encoding is left as it is (the
 * front door answers it 400).
 */
export function canonicalPath(rawPath: string): string {
  const path = normalisedPath(rawPath);
  const product = PRODUCT_PATH.exec(path);
  if (!product) return path;
  try {
    return `/product/${encodeURIComponent(canonicalProductId(decodeURIComponent(product[1]!)))}`;
  } catch {
    return path;
  }
}
